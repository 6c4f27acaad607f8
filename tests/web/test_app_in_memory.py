"""An app on a database in memory (`DATABASE=":memory:"`, as a test's app is made): the first made in a process draws
every family's pages as it is made, and each thread's connection is migrated as it opens, so it starts and serves."""

from __future__ import annotations

import json
import subprocess
import sys

FIRST_APP = """
import json, re
from referee import create_app
app = create_app({"TESTING": True, "DATABASE": ":memory:", "SECRET_KEY": "test"})
phone = app.test_client()
token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', phone.get("/new").get_data(as_text=True))[1]
made = phone.post("/new", data={"csrf_token": token, "players": "Ana\\nBen", "preset": "kaluki", "chip_value": "0.20"})
print(json.dumps({"status": made.status_code}))
"""


def test_the_first_app_of_a_process_on_a_database_in_memory_starts_and_serves() -> None:
    done = subprocess.run(
        [sys.executable, "-c", FIRST_APP], capture_output=True, text=True, timeout=120, check=False, encoding="utf-8"
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {"status": 303}
