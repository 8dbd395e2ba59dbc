"""The library's rulesets, one package each."""
