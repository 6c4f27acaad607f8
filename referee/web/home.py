"""The home page: what the app is and what it can do today."""

from __future__ import annotations

from flask import Blueprint, render_template

from referee.rules.presets import PRESETS

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    """The home page, listing the games the referee knows."""
    return render_template("home/index.html", presets=PRESETS.values())
