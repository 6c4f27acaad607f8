"""The app's words in the reader's language: Flask-Babel's gettext, with the elisions French makes before a name.

A French message writes "les cartes de %(name)s"; shown for Anaïs it reads "les cartes d’Anaïs", for Bob "les
cartes de Bob" (`referee.rules.words.elide`). Python (`gettext`, `_l`), the templates (`_()`, `ngettext()`) and
the rules engine (`say`) all fill their messages through it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from babel import Locale
from babel.support import NullTranslations, Translations
from flask import Flask
from flask_babel import Babel, Domain, get_locale, get_translations
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from referee.rules.words import elide

LANGUAGES = {"en": "English", "fr": "Français"}  # the languages the app speaks, by code
Catalogue = Translations | NullTranslations


def elides() -> bool:
    """Whether the request's language elides "de" and "que" before a vowel (French)."""
    locale = get_locale()
    return locale is not None and locale.language == "fr"


def fill(template: str, values: Mapping[str, object]) -> str:
    """`template` (translated) with its `%(placeholders)s` filled from `values`, elided as the language wants."""
    if not values:
        return template
    shaped = elide(template, values) if elides() else template
    return shaped % values


class ElidingDomain(Domain):
    """Flask-Babel's message domain, filling each message through `fill`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._by_language: dict[Locale, Catalogue] = {}

    def get_translations(self) -> Catalogue:
        """The catalogue of the request's language, found once per language: Flask-Babel's own lookup names the
        language again for every message, a few microseconds each of a round's dozen (#36)."""
        locale = get_locale()
        catalogue = self._by_language.get(locale) if locale is not None else None
        if catalogue is None:
            catalogue = cast(Catalogue, super().get_translations())
            if locale is not None:  # outside a request, Flask-Babel's answer (no catalogue) is kept for nobody
                self._by_language[locale] = catalogue
        return catalogue

    def gettext(self, string: str, **variables: object) -> str:
        """`string` translated, its placeholders filled."""
        return fill(self.get_translations().ugettext(string), variables)

    def ngettext(self, singular: str, plural: str, num: int, **variables: object) -> str:
        """The form for `num` translated, its placeholders (and `num`) filled."""
        variables.setdefault("num", num)
        return fill(self.get_translations().ungettext(singular, plural, num), variables)

    def pgettext(self, context: str, string: str, **variables: object) -> str:
        """`string` in `context` translated, its placeholders filled."""
        return fill(self.get_translations().upgettext(context, string), variables)

    def npgettext(self, context: str, singular: str, plural: str, num: int, **variables: object) -> str:
        """The form for `num` in `context` translated, its placeholders (and `num`) filled."""
        variables.setdefault("num", num)
        return fill(self.get_translations().unpgettext(context, singular, plural, num), variables)


class ElidingBabel(Babel):
    """Flask-Babel, whose messages are filled by an `ElidingDomain`."""

    @property
    def domain_instance(self) -> Domain:
        """The message domain, made once."""
        found: Domain | None = getattr(self, "_eliding_domain", None)
        if found is None:
            found = ElidingDomain(domain=self.domain)
            self._eliding_domain = found
        return found


def _in_template(translate: Callable[..., str], num_at: int | None = None) -> Callable[..., str]:
    """A template's `_()` (or `ngettext()`, …): translated, elided, escaped as Jinja's own newstyle gettext does.

    The request's catalogue and whether it elides are read once per page (`speaking`, a context processor), not at
    each of a page's hundred messages: looking them up in Flask-Babel's request context was a tenth of a round's
    answer (#22).
    """

    @pass_context
    def said(context: Context, *args: object, **variables: object) -> str:
        if num_at is not None:
            variables.setdefault("num", args[num_at])
        catalogue = context.get("_catalogue") or get_translations()
        template = translate(catalogue, *args)
        if variables and (context["_elides"] if "_elides" in context else elides()):
            template = elide(template, variables)
        text = Markup(template) if context.eval_ctx.autoescape else template  # noqa: S704 — the catalogue's text, as Jinja does
        return text % variables

    return said


def speaking() -> dict[str, object]:
    """What a page's messages are said with: the request's catalogue, and whether its language elides."""
    return {"_catalogue": get_translations(), "_elides": elides()}


def init_app(app: Flask, locale_selector: Callable[[], str | None]) -> None:
    """Flask-Babel with French elisions, in Python and in the templates."""
    ElidingBabel(app, locale_selector=locale_selector)
    app.context_processor(speaking)
    gettext = _in_template(lambda catalogue, string: catalogue.ugettext(string))
    app.jinja_env.globals.update(
        gettext=gettext,
        _=gettext,
        ngettext=_in_template(lambda catalogue, one, more, num: catalogue.ungettext(one, more, num), 2),
        pgettext=_in_template(lambda catalogue, context, string: catalogue.upgettext(context, string)),
        npgettext=_in_template(
            lambda catalogue, context, one, more, num: catalogue.unpgettext(context, one, more, num), 3
        ),
    )
