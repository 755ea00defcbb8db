"""CLI sub-commands, one module per family; each has `register(subparsers)`."""
