"""The import's forms: the record to import, and the choice when its evening is here already."""

from __future__ import annotations

import re

from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField
from wtforms import HiddenField, StringField, TextAreaField

from referee.web.forms import Form, one_time_key

SCORER_LINK = re.compile(r"/e/([A-Za-z0-9_-]+)")


class ImportForm(Form):
    """A game or evening record: a file, or its text pasted; with a one-time key, so a resend imports it once."""

    file = FileField(_l("A file exported by referee"))
    text = TextAreaField(_l("Or paste its text"))
    submission = HiddenField(default=one_time_key)


class ChoiceForm(Form):
    """The second step, when the record's evening is here already: keep both, or replace the one here.

    It carries the record again (as JSON) and the first step's one-time key; replacing asks for the scorer link
    of the evening here, as only its scorer may overwrite it.
    """

    text = HiddenField()
    submission = HiddenField()
    choice = HiddenField()
    scorer_link = StringField(
        _l("The scorer link of the evening here"),
        description=_l("Only its scorer may replace it: paste the link they use to keep the score."),
    )

    def scorer_key(self) -> str:
        """The evening's key in the pasted link (`https://…/e/KEY/…`), or the text itself when it is a bare key."""
        link = self.scorer_link.data or ""
        found = SCORER_LINK.search(link)
        return found.group(1) if found else link.strip()


def uploaded(data: bytes) -> str | None:
    """A file's text as UTF-8 (with or without a byte-order mark), or None when it is not: never guessed."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
