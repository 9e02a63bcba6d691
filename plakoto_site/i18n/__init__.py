"""Languages, message catalogs, and the wording of engine facts in each language."""
