# Every game in its own thread (bot/tables/threads.py, bot/render/threads.py).
thread-lobby-line = { $game } · { $players }: the game is played in its thread, { $thread }
thread-result-line = { $game } in { $thread } is over: { $winners } won. Scores: { $scores }.
thread-over-line = { $game } in { $thread } is over.
thread-deleted-line = A moderator deleted the thread of the { $game } game ({ $players }): the game ended unrated; the finished hands are kept.
thread-locked-line = A moderator locked the thread of the { $game } game ({ $players }): the game ended unrated; the finished hands are kept.
threads-explain-permission = This game is played here in the channel. To give every game its own thread, a server manager can grant the bot the permissions Create Public Threads and Send Messages in Threads in this channel. (This is said once.)
threads-explain-off = This game is played here in the channel: this server turned games in threads off (/settings threads). (This is said once.)
refusal-play-in-thread = Your game is played in its thread: { $thread }
refusal-which-table = There are several tables in this channel: { $tables }. Type the command in your game's thread.
which-table-lobby = the lobby of { $game } hosted by { $host }
name-threads = threads
cmd-settings-threads = Play every game in its own thread (Manage Server)
opt-threads = On: every game in its own thread; off: in the channel
threads-choice-on = on
threads-choice-off = off
settings-threads-on = Every game in this server now plays in its own thread, where the bot may open threads.
settings-threads-off = Games in this server now play in the channel they are started in.
