# Ogni partita nel suo thread (bot/tables/threads.py, bot/render/threads.py).
thread-lobby-line = { $game } · { $players }: la partita si gioca nel suo thread, { $thread }
thread-result-line = { $game } in { $thread } è finita: ha vinto { $winners }. Punteggi: { $scores }.
thread-over-line = { $game } in { $thread } è finita.
thread-deleted-line = Un moderatore ha eliminato il thread della partita di { $game } ({ $players }): la partita è finita senza classifica; le mani concluse restano.
thread-locked-line = Un moderatore ha bloccato il thread della partita di { $game } ({ $players }): la partita è finita senza classifica; le mani concluse restano.
threads-explain-permission = Questa partita si gioca qui nel canale. Per dare a ogni partita il suo thread, chi gestisce il server può concedere al bot i permessi Create Public Threads e Send Messages in Threads in questo canale. (Lo diciamo una volta sola.)
threads-explain-off = Questa partita si gioca qui nel canale: questo server ha disattivato le partite nei thread (/settings threads). (Lo diciamo una volta sola.)
refusal-play-in-thread = La tua partita si gioca nel suo thread: { $thread }
refusal-which-table = In questo canale ci sono più tavoli: { $tables }. Scrivi il comando nel thread della tua partita.
which-table-lobby = la sala d'attesa di { $game } di { $host }
name-threads = thread
cmd-settings-threads = Ogni partita nel suo thread (Manage Server)
opt-threads = Attivo: ogni partita nel suo thread; disattivo: nel canale
threads-choice-on = attivo
threads-choice-off = disattivo
settings-threads-on = Ogni partita in questo server ora si gioca nel suo thread, dove il bot può aprire thread.
settings-threads-off = Le partite in questo server ora si giocano nel canale in cui vengono avviate.
