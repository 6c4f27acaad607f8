"""Money, numbers and dates in the reader's language, written and read by Babel (through Flask-Babel).

What the app shows goes through here ("3,20 €" and "23 nov. 2026" in French, "€3.20" and "Nov 23, 2026" in
English); what it exports (CSV, JSON) keeps the machine formats of docs/formats.md.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal, InvalidOperation

from babel import Locale
from babel.core import UnknownLocaleError
from babel.dates import format_date, format_time
from babel.numbers import NumberFormatError, format_currency, format_decimal, get_decimal_symbol, parse_decimal
from flask import g, has_request_context
from flask_babel import get_locale
from flask_babel import lazy_gettext as _l

from referee.rules.settlement import cents

MINUS = "\u2212"  # the minus sign a page writes before a negative number: "−3,20 €", "−6"
PLAIN_AMOUNT = re.compile(r"[0-9.,'\s\u00a0\u202f]+")  # digits, separators and spaces: no sign, exponent or NaN
MOST_DIGITS = 12


class AmountError(ValueError):
    """An amount typed that is not a plain amount of money, or reads two ways."""


def reader_locale() -> Locale:
    """The request's language as a Babel locale (English outside a request)."""
    found = get_locale() if has_request_context() else None
    return found or Locale.parse("en")


def format_amount(amount: Decimal, currency: str = "", *, signed: bool = False) -> str:
    """An amount of money in the reader's language: "3,20 €" in French, "€3.20" in English, "+" when `signed`."""
    locale = reader_locale()
    code = currency.strip()
    try:
        # A currency without cents (JPY) still shows a chip's fraction: never a rounded amount.
        text = (
            format_currency(amount, code, locale=locale, decimal_quantization=False)
            if code
            else format_decimal(amount, "#,##0.00", locale)
        )
    except (UnknownLocaleError, ValueError):
        text = f"{format_decimal(amount, '#,##0.00', locale)} {code}".strip()
    text = text.replace("-", MINUS)  # a true minus sign, as every number a page shows (exports keep "-")
    return f"+{text}" if signed and amount > 0 else text


def money(chips: int, *, signed: bool = True) -> str:
    """`chips` in the evening's money (`g.evening`'s chip value and currency), signed: "+6,60 €", "-3,20 €"."""
    evening = g.evening
    amount = Decimal(chips * cents(evening.chip_value)) / 100
    return format_amount(amount, evening.currency, signed=signed)


def chip_worth(evening: object) -> str:
    """What one chip of `evening` is worth, in the reader's language: "0,20 €"."""
    value: Decimal = evening.chip_value  # type: ignore[attr-defined]
    currency: str = evening.currency  # type: ignore[attr-defined]
    return format_amount(Decimal(cents(value)) / 100, currency)


def number(value: int) -> str:
    """A whole number in the reader's language ("1 250" in French, "1,250" in English, "−6" below 0)."""
    return format_decimal(value, locale=reader_locale()).replace("-", MINUS)


def day(stored: str) -> str:
    """The date of a stored UTC time, in the server's time zone and the reader's language: "23 nov. 2026"."""
    return format_date(datetime.fromisoformat(stored).astimezone(), "medium", locale=reader_locale())


def local_time(stored: str, *, date: bool = False) -> str:
    """A stored UTC time in the server's time zone (the machine at the table): "21:05", or with its date."""
    moment = datetime.fromisoformat(stored).astimezone()
    time = format_time(moment, "short", locale=reader_locale())
    return f"{format_date(moment, 'medium', locale=reader_locale())} {time}" if date else time


def parse_amount(text: str, locale: Locale | None = None) -> Decimal:
    """An amount typed in the reader's language: "0,20" in French, "0.20" in English, either when it cannot be misread.

    A separator that is not the language's decimal sign, followed by exactly three digits ("1.000" in French,
    "1,000" is a thousand in English), reads two ways and is refused.

    >>> from babel import Locale
    >>> parse_amount("0,20", Locale("fr")), parse_amount("0.20", Locale("fr")), parse_amount("0,20", Locale("en"))
    (Decimal('0.20'), Decimal('0.20'), Decimal('0.20'))
    >>> parse_amount("1 000,50", Locale("fr")), parse_amount("1,000.50", Locale("en"))
    (Decimal('1000.50'), Decimal('1000.50'))
    """
    locale = locale or reader_locale()
    typed = text.strip()
    digits = len(re.sub(r"\D", "", typed))
    if not typed or not PLAIN_AMOUNT.fullmatch(typed) or not 0 < digits <= MOST_DIGITS:  # "." alone is no amount
        raise AmountError(str(_l("Type an amount, like %(example)s.", example=format_decimal(0.2, "0.00", locale))))
    decimal = get_decimal_symbol(locale)
    squeezed = re.sub(r"[\s\u00a0\u202f']", "", typed)
    separators = re.findall(r"[.,]", squeezed)
    foreign = {"," if decimal == "." else "."}
    if len(separators) == 1 and separators[0] in foreign:
        whole, _sep, fraction = squeezed.partition(separators[0])
        if len(fraction) == 3 and whole.strip("0"):
            raise AmountError(
                str(
                    _l(
                        "“%(typed)s” reads two ways: type %(small)s or %(large)s.",
                        typed=typed,
                        small=format_decimal(Decimal(f"{whole}.{fraction}"), "0.00#", locale),
                        large=format_decimal(Decimal(whole + fraction), "0", locale),
                    )
                )
            )
        return _plain(f"{whole or '0'}.{fraction or '0'}")
    try:
        return _plain(str(parse_decimal(squeezed, locale, strict=True)))
    except NumberFormatError:
        raise AmountError(
            str(_l("Type an amount, like %(example)s.", example=format_decimal(0.2, "0.00", locale)))
        ) from None


def _plain(text: str) -> Decimal:
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise AmountError(str(_l("Type an amount, like %(example)s.", example="0.20"))) from None
    if not amount.is_finite():
        raise AmountError(str(_l("Type an amount, like %(example)s.", example="0.20")))
    return amount
