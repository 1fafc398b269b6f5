"""The bots' line: the page's side of the bot protocol (botclient, bot_turns,
advisor: in the app worker) and the bot worker's own Python (botworker).
"""
