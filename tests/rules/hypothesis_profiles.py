"""Hypothesis's `mutation` profile for mutmut's runs (docs/mutation.md), loaded as a pytest plugin:
`-p tests.rules.hypothesis_profiles --hypothesis-profile=mutation`.

Under mutation testing the same examples must run on every mutant, whatever the machine's load: the profile draws
them from a fixed seed and turns off the health checks that time or count the generation.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "mutation",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    database=None,
)
