# Bawat laro sa sarili nitong thread (bot/tables/threads.py, bot/render/threads.py).
thread-lobby-line = { $game } · { $players }: nilalaro ang laro sa thread nito, { $thread }
thread-result-line = Tapos na ang { $game } sa { $thread }: nanalo si { $winners }. Mga puntos: { $scores }.
thread-over-line = Tapos na ang { $game } sa { $thread }.
thread-deleted-line = Binura ng isang moderator ang thread ng larong { $game } ({ $players }): natapos ang laro nang walang rating; nananatili ang mga tapos nang kamay.
thread-locked-line = Ni-lock ng isang moderator ang thread ng larong { $game } ({ $players }): natapos ang laro nang walang rating; nananatili ang mga tapos nang kamay.
threads-explain-permission = Dito sa channel nilalaro ang larong ito. Para may sariling thread ang bawat laro, puwedeng ibigay ng isang tagapamahala ng server sa bot ang mga pahintulot na Create Public Threads at Send Messages in Threads sa channel na ito. (Minsan lang ito sasabihin.)
threads-explain-off = Dito sa channel nilalaro ang larong ito: pinatay ng server na ito ang mga laro sa thread (/settings threads). (Minsan lang ito sasabihin.)
refusal-play-in-thread = Nilalaro ang laro mo sa thread nito: { $thread }
refusal-which-table = Maraming mesa sa channel na ito: { $tables }. I-type ang utos sa thread ng laro mo.
which-table-lobby = ang lobby ng { $game } ni { $host }
name-threads = mga-thread
cmd-settings-threads = Bawat laro sa sarili nitong thread (Manage Server)
opt-threads = Bukas: bawat laro sa sariling thread; sarado: sa channel
threads-choice-on = bukas
threads-choice-off = sarado
settings-threads-on = Nilalaro na ngayon ang bawat laro sa server na ito sa sarili nitong thread, kung saan puwedeng magbukas ng thread ang bot.
settings-threads-off = Nilalaro na ngayon ang mga laro sa server na ito sa channel kung saan sila sinimulan.
