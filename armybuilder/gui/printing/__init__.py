"""Print and share: the export dialog (full/courtesy PDF and text, with a preview) and text copies."""
