"""Developer tools that are not shipped with the app: the screenshot script."""
