"""The records of FORMATS.md, as they were all read here: the names below moved to their own modules.

`game_record` reads a game, `evening_record` an evening (its logs in `evening_logs`), `group_record` a group,
and `record_data` checks the JSON data under all of them.
"""

from __future__ import annotations

from referee.rules.evening_logs import Correction as Correction  # moved to referee.rules.evening_logs
from referee.rules.evening_record import EVENING_FORMAT_2 as EVENING_FORMAT_2  # moved to referee.rules.evening_record
from referee.rules.evening_record import EVENING_FORMATS as EVENING_FORMATS  # moved to referee.rules.evening_record
from referee.rules.evening_record import LONGEST_CURRENCY as LONGEST_CURRENCY  # moved to referee.rules.evening_record
from referee.rules.evening_record import LONGEST_NAME as LONGEST_NAME  # moved to referee.rules.evening_record
from referee.rules.evening_record import LONGEST_TITLE as LONGEST_TITLE  # moved to referee.rules.evening_record
from referee.rules.evening_record import MOST_CHIP_VALUE as MOST_CHIP_VALUE  # moved to referee.rules.evening_record
from referee.rules.evening_record import EveningRecord as EveningRecord  # moved to referee.rules.evening_record
from referee.rules.evening_record import check_lengths as check_lengths  # moved to referee.rules.evening_record
from referee.rules.evening_record import evening_of as evening_of  # moved to referee.rules.evening_record
from referee.rules.evening_record import read_evening as read_evening  # moved to referee.rules.evening_record
from referee.rules.game_record import GAME_FORMAT as GAME_FORMAT  # moved to referee.rules.game_record
from referee.rules.game_record import GameRecord as GameRecord  # moved to referee.rules.game_record
from referee.rules.game_record import read_game as read_game  # moved to referee.rules.game_record
from referee.rules.record_data import RecordError as RecordError  # moved to referee.rules.record_data
from referee.rules.record_data import check_data as check_data  # moved to referee.rules.record_data
from referee.rules.record_data import load_json as load_json  # moved to referee.rules.record_data
