"""The list library on the start page: its table, its panel and the feature that acts on them."""
