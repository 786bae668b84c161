# La smazzata del giorno (bot/render/daily.py, bot/tables/service/daily.py): /smear del-giorno e
# /salad del-giorno, le stesse carte per chi gioca lo stesso giorno, e le sue classifiche.

name-daily = del-giorno
cmd-smear-daily = La smazzata di Smear di oggi: le stesse carte per tutti, contro computer Esperti
cmd-salad-daily = La smazzata di Salad di oggi: le stesse carte per tutti, contro computer Esperti

daily-title = { $game } del giorno — { $day }
daily-intro = **{ $name }** sta giocando la smazzata di { $game } di oggi: { $hands } mani contro { $computers }. Chi la gioca oggi riceve le stesse carte nello stesso posto.
daily-hidden = Qui le carte restano nascoste: gioca la stessa smazzata con { $command } (una volta al giorno).
daily-table-title = { $game } del giorno — mano { $hand } di { $hands }
daily-table-who = **{ $name }** sta giocando la smazzata di oggi contro { $computers }.
daily-scores-smear = Punteggi: { $scores }
daily-scores-salad = Penalità totali (vince il più basso): { $scores }
daily-hand-over-title = { $game } del giorno — mano { $hand } di { $hands } (finita)
daily-stopped-here = La smazzata è stata interrotta durante questa mano.
daily-final-title = { $game } del giorno — { $day }: il risultato
daily-final-smear = **{ $name }** ha giocato la smazzata di oggi fino alla fine: **{ $result }** (i suoi punti meno quelli del computer migliore).
daily-final-salad = **{ $name }** ha giocato la smazzata di oggi fino alla fine: **{ $result }** punti di penalità (meno è meglio).
daily-final-stopped = **{ $name }** si è fermato dopo { $hands } mani su { $of }: **{ $result }** a quel punto, in classifica dopo chi ha giocato fino alla fine.
daily-final-board = Come è andata a tutti, con il par (quanto ha fatto un computer Esperto nello stesso posto): il pulsante qui sotto, o { $command }.
daily-board-button = Classifica del giorno
daily-hand-done = La tua smazzata del giorno è finita: il tuo risultato è **{ $result }**. La classifica del giorno è sul risultato nel canale, a un pulsante di distanza.

daily-board-day = Giorno
daily-board-week = Settimana
daily-board-title = { $game } del giorno — classifica del { $day }
daily-board-how-smear = I tuoi punti meno quelli del computer migliore, dal più alto. Il **par** è quanto ha fatto un computer Esperto al tuo posto.
daily-board-how-salad = Il totale delle tue penalità, dal più basso. Il **par** è quanto ha fatto un computer Esperto al tuo posto.
daily-board-row = { $rank }. { $name } **{ $result }**
daily-board-left = (fermato dopo { $hands ->
    [one] { $hands } mano
   *[other] { $hands } mani
})
daily-board-you = ← tu
daily-board-par = — 🤖 par **{ $result }** —
daily-board-par-pending = Il par è ancora in calcolo: riguarda tra un minuto.
daily-board-playing = Ancora in gioco: { $names }
daily-board-empty = Nessuno l'ha ancora giocata.
daily-week-title = { $game } del giorno — settimana dal { $first } al { $last }
daily-week-how = Il risultato di ogni giorno rispetto al par, sommato (una smazzata non finita non conta mai meglio del par).
daily-week-row = { $rank }. { $name } **{ $points }** ({ $days ->
    [one] { $days } giorno
   *[other] { $days } giorni
})
daily-week-pending = Il par di alcuni giorni è ancora in calcolo: i loro risultati contano appena è noto.

daily-played = Hai già giocato la smazzata di oggi: il tuo risultato è **{ $result }**. Un tentativo al giorno; ecco la classifica.
daily-playing = Stai già giocando la smazzata di oggi: finiscila al suo tavolo.
daily-playing-link = Stai già giocando la smazzata di oggi: { $link }
daily-dealing = Sto distribuendo la tua smazzata del giorno: un momento.
daily-channel-busy = C'è già un tavolo in questo canale: gioca la smazzata del giorno quando questa partita è finita.
daily-channel-busy-link = C'è già un tavolo in questo canale ({ $link }): gioca la smazzata del giorno quando questa partita è finita.
daily-export-later = Questa è una smazzata del giorno: la registrazione mostra le carte di quel giorno, quindi puoi averla dopo aver giocato tu quella smazzata, o dal giorno dopo (UTC).

daily-confirm-leave = Lasciare la smazzata di oggi? Conta come il tuo unico tentativo del giorno, con il punteggio com'è ora.
daily-confirm-cancel = Terminare questa smazzata del giorno? Conta come l'unico tentativo del giorno di chi la gioca, con il punteggio com'è ora.
daily-left = Hai lasciato la smazzata di oggi: il tuo risultato conta com'era.
daily-ended = La smazzata del giorno è finita: il risultato di chi la giocava conta com'era.
daily-no-replace = Una smazzata del giorno si gioca da soli contro i computer: lasciarla (o /table cancel) la termina.
