"""Any other game of the night on the phone: its score form, its sheet, its start form, its end, its words."""
