# Risultati nel tempo: le classifiche della settimana e del mese, le serie e le medie in
# /stats show, e il grafico del punteggio.

name-period = periodo
opt-period = Quale periodo (predefinito: sempre)
period-week = questa settimana
period-month = questo mese
period-all = sempre
board-title-week = **Classifica { $game }, questa settimana (dal { $first } al { $last })**
board-title-month = **Classifica { $game }, questo mese (dal { $first } al { $last })**
board-period-row = { $rank }. { $name } — **{ $wins ->
    [one] 1 vittoria
   *[other] { $wins } vittorie
}** · { $games ->
    [one] 1 partita
   *[other] { $games } partite
} ({ $rate }%){ $you ->
    [yes] {" "}← tu
   *[no] {""}
}
board-period-empty = Nessuna partita valida per la classifica è ancora finita in questo periodo.
board-period-you-none = Non hai ancora partite valide per la classifica in questo periodo.
board-period-how = Ordine: partite valide vinte nel periodo, poi percentuale di vittorie, poi partite giocate. La settimana inizia il lunedì alle 00:00 UTC; il mese è il mese di calendario in UTC. Le partite con l'allenatore non contano.
stats-bids-set = dichiarazioni mantenute { $made } su { $bids }, fallite { $set }
stats-penalty-per-hand = penalità media per mano { $average }
stats-streaks = serie migliore { $best }, serie attuale { $current }
chart-rating-title = { $name }: punteggio dopo ogni partita valida
chart-rating-x = Partita valida
chart-rating-y = Punteggio
refusal-period = Questo periodo non esiste: scegli questa settimana, questo mese o sempre.
refusal-game = Questo gioco non esiste: scegli Smear o Salad.
