# Jokainen peli omassa ketjussaan (bot/tables/threads.py, bot/render/threads.py).
thread-lobby-line = { $game } · { $players }: peliä pelataan sen ketjussa, { $thread }
thread-result-line = { $game } ketjussa { $thread } on päättynyt: { $winners } voitti. Pisteet: { $scores }.
thread-over-line = { $game } ketjussa { $thread } on päättynyt.
thread-deleted-line = Moderaattori poisti pelin { $game } ketjun ({ $players }): peli päättyi ilman rankingia; päättyneet jaot säilyvät.
thread-locked-line = Moderaattori lukitsi pelin { $game } ketjun ({ $players }): peli päättyi ilman rankingia; päättyneet jaot säilyvät.
threads-explain-permission = Tätä peliä pelataan täällä kanavalla. Jotta jokaisella pelillä olisi oma ketjunsa, palvelimen ylläpitäjä voi antaa botille tällä kanavalla oikeudet Create Public Threads ja Send Messages in Threads. (Tämä sanotaan kerran.)
threads-explain-off = Tätä peliä pelataan täällä kanavalla: tämä palvelin on kytkenyt pelit ketjuissa pois (/settings threads). (Tämä sanotaan kerran.)
refusal-play-in-thread = Peliäsi pelataan sen ketjussa: { $thread }
refusal-which-table = Tällä kanavalla on useita pöytiä: { $tables }. Kirjoita komento pelisi ketjuun.
which-table-lobby = pelin { $game } aula, isäntänä { $host }
name-threads = ketjut
cmd-settings-threads = Jokainen peli omassa ketjussaan (Manage Server)
opt-threads = Päällä: jokainen peli omassa ketjussaan; pois: kanavalla
threads-choice-on = päällä
threads-choice-off = pois
settings-threads-on = Jokainen peli tällä palvelimella pelataan nyt omassa ketjussaan, missä botti saa avata ketjuja.
settings-threads-off = Pelit tällä palvelimella pelataan nyt kanavalla, jolla ne aloitettiin.
