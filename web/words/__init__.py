"""The page's words: the catalogues in use, names, phrases, the rules' Markdown
and escaping. Runs in the app worker (boot_text is read by the build).
"""
