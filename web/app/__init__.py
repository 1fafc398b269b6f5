"""The app and its screens: what each screen shows and what each input does,
the saved games, the share links. Runs in the app worker, DOM-free (tested on CPython).
"""
