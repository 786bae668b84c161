# Everything the bot says, in Italian (italiano). Each language's bot.ftl has the same message ids
# with the same variables ($name, $count, ...) as en/bot.ftl; `make test` checks it. Numbers are
# formatted by Fluent, and plural forms are chosen with [one] / *[other] (Italian: one, many, other).
# Card words as Italian players say them: asso, re, donna, fante (A R D F); cuori, quadri, fiori,
# picche; briscola, presa, asta, offerta, mazziere, seme, rispondere al seme.

## Games, cards and names

game-smear = Cutthroat Canadian Smear
game-salad = Canadian Salad
game-smear-short = Smear
game-salad-short = Salad

rank-2 = 2
rank-3 = 3
rank-4 = 4
rank-5 = 5
rank-6 = 6
rank-7 = 7
rank-8 = 8
rank-9 = 9
rank-10 = 10
rank-J = F
rank-Q = D
rank-K = R
rank-A = A

seat-computer = 🤖 { $name }
seat-away = { $name } (assente)
nobody = nessuno
on = sì
off = no

bid-pass = passo
bid-n = offerta { $bid }

timer-off = nessun limite
timer-seconds = { $seconds } s
timer-minutes = { $minutes } min

table-footer = tavolo { $table }

## Computer levels (the lobby's "Add a computer" menu)

level-random = Casuale
level-random-about = Gioca una carta valida qualsiasi: per farsi due risate
level-easy = Facile
level-easy-about = Le regole pratiche di un principiante
level-normal = Normale
level-normal-about = Gioco solido; offre quello che la mano può fare
level-hard = Difficile
level-hard-about = Pensa in anticipo provando le distribuzioni che non vede
level-expert = Esperto
level-expert-about = Il più forte: legge l'asta e gioca il finale alla perfezione

## The lobby

lobby-title-open = { $game } — tavolo aperto
lobby-title-started = { $game } — partita iniziata
lobby-title-closed = { $game } — tavolo chiuso
lobby-host = Tavolo di { $name }
option-seats = Giocatori: { $seats }
option-target = Obiettivo: { $value }
option-stuck_dealer = Mazziere obbligato: { $on }
option-turn-timer = Tempo per turno: { $timer }
option-coach = Suggerimenti attivi (pulsante Suggerimento; la partita non conta per la classifica)
lobby-seat = { $n }. { $name }
lobby-seat-computer = { $n }. { $name } ({ $level })
lobby-seat-open = { $n }. (libero)
lobby-invited = Invitati alla rivincita: { $people } — premete Siediti.
lobby-help = Chi ha aperto il tavolo può iniziare quando i posti occupati sono almeno { $least }; la partita parte da sola quando tutti i posti sono occupati.
lobby-join = Siediti
lobby-leave = Alzati
lobby-start = Inizia
lobby-cancel = Annulla
lobby-add-computer = Aggiungi un giocatore computer…
lobby-remove-seat = Libera un posto (chi ha aperto il tavolo o Gestisci server)
lobby-remove-option = Posto { $n }: { $name }

## The table message

show-hand = Mostra le mie carte
line-dealer = Mazziere: { $name }
line-trick = Presa { $n }: { $cards }
line-last-trick = Ultima presa: { $cards } → l'ha presa { $name }
line-scores = Punteggi: { $scores }
turn-bid = ▶ Tocca a **{ $name }** fare l'offerta
turn-play = ▶ Tocca a **{ $name }** giocare
turn-timed-bid = ▶ Tocca a **{ $name }** fare l'offerta (il tempo scade { $when })
turn-timed-play = ▶ Tocca a **{ $name }** giocare (il tempo scade { $when })
turn-computer-bid = ▶ { $name } sta decidendo l'offerta
turn-computer-play = ▶ { $name } sta giocando
turn-away-bid = ▶ { $name } è assente: il computer fa l'offerta al suo posto
turn-away-play = ▶ { $name } è assente: il computer gioca al suo posto
hand-over-title = { $game } — mano { $hand } (finita)
hand-over-below = Questa mano è finita: il risultato è qui sotto.
table-closed-title = { $game } — tavolo chiuso
table-closed-unrated = La partita è finita senza risultato: non conta nulla per la classifica.

smear-table-title = Smear — mano { $hand }
smear-line-bids = Offerte: { $bids }
smear-line-bidder = Asta vinta da { $name } con **{ $bid }** · Briscola: { $trump }
smear-trump-unknown = la decide la prima carta giocata
smear-line-tally = Finora — Alta: { $high } · Bassa: { $low } · Fante: { $jack } · Punti carta per il Gioco: { $counts }
tally-open = ?
smear-line-needs = { $need ->
    [0] { $name } ha già tutti i punti che servono all'offerta (se la mantiene, conta ogni punto).
    [one] { $name } deve fare ancora 1 punto tra Alta, Bassa, Fante e Gioco.
   *[other] { $name } deve fare ancora { $need } punti tra Alta, Bassa, Fante e Gioco.
}
smear-line-scores = Punteggi (si vince a { $target }): { $scores }

salad-table-title = Salad — mano { $contract } di 6: { $name }
salad-line-rule = Penalità di questa mano: { $penalty }
salad-taken = { $name } { $tricks ->
    [one] 1 presa
   *[other] { $tricks } prese
} ({ $penalty })
salad-line-taken = Prese in questa mano: { $taken }
salad-line-totals = Totali (vince il più basso): { $scores }

salad-contract-1 = niente prese
salad-contract-2 = niente cuori
salad-contract-3 = niente donne
salad-contract-4 = niente re di picche
salad-contract-5 = niente ultima presa
salad-contract-6 = insalata: tutto insieme
salad-penalty-1 = 10 per ogni presa fatta
salad-penalty-2 = 10 per ogni cuori preso
salad-penalty-3 = 25 per ogni donna presa
salad-penalty-4 = 100 a chi prende il re di picche
salad-penalty-5 = 100 a chi fa l'ultima presa
salad-penalty-6 = tutte e cinque le penalità insieme

## Pings

ping-turn-bid = { $who }, tocca a te fare l'offerta a { $game }.
ping-turn-play = { $who }, tocca a te giocare a { $game }.
ping-reminder-bid = { $who }, il tavolo aspetta la tua offerta.
ping-reminder-play = { $who }, il tavolo aspetta la tua carta.
ping-time = Il tempo scade { $when }.
ping-way-back = Le tue carte sono in fondo al canale, oppure premi Mostra le mie carte.

## Notes

note-timeout = ⏰ Tempo scaduto per { $name }: il computer ha scelto { $move } al suo posto.
note-timeout-autopilot = ⏰ Tempo scaduto di nuovo per { $name }: il computer ha scelto { $move } e continuerà a giocare al suo posto finché non tornerà a cliccare.
note-back = { $name } è di nuovo al tavolo.
note-left = { $name } ha lasciato il tavolo; al suo posto gioca { $computer }.
note-replaced = { $by } ha dato il posto di { $name } a un computer: ora lo gioca { $computer }.
note-cancelled = { $who } ha annullato il tavolo. Nessun risultato viene registrato.
note-everyone-left = Tutti hanno lasciato il tavolo: la partita finisce senza risultato (non conta per la classifica).
note-host-left = Chi ha aperto il tavolo se n'è andato e nessun altro si era seduto: il tavolo è chiuso.
note-lobby-expired = Il tavolo si è chiuso dopo { $minutes ->
    [one] 1 minuto
   *[other] { $minutes } minuti
} senza che nessuno si sedesse o facesse iniziare la partita.

## A hand (only its owner sees it)

smear-hand-head = **Le tue carte** — Smear, mano { $hand }, posto { $seat }
salad-hand-head = **Le tue carte** — Salad, mano { $contract } di 6: { $name } ({ $penalty }), posto { $seat }
smear-turn-bid = **Tocca a te fare l'offerta**: { $high }.
smear-turn-play = **Tocca a te giocare.** { $trump }.
smear-wait-bid = Asta: { $high }. Si aspetta { $name }.
smear-wait-play = { $trump }. Si aspetta { $name }.
hand-trick = Presa: { $cards }.
smear-no-bid-yet = ancora nessuna offerta
smear-high-bid = l'offerta più alta è { $bid } ({ $name })
smear-trump = Briscola { $suit }
smear-trump-first-card = Briscola: la decide la prima carta giocata
smear-bid-help = Un'offerta di 2, 3 o 4 promette di prendere altrettanti dei 4 punti della mano (Alta, Bassa, Fante, Gioco). Se la mantieni segni tutto quello che prendi; se non ci arrivi perdi l'offerta. Vince chi arriva per primo a { $target } mantenendo un'offerta.
bid-button-pass = Passo
bid-button = { $bid ->
    [2] Offri 2: prendi 2 punti su 4
    [3] Offri 3: prendi 3 punti su 4
   *[4] Offri 4: prendili tutti e 4
}
salad-turn = **Tocca a te giocare.**
salad-wait = Si aspetta { $name }.
hand-game-over = La partita è finita.
hand-time-left = Il tuo tempo scade { $when }.
hand-empty = (nessuna carta)
hand-refresh = Aggiorna
hand-hint = Suggerimento
hand-expired = Questa vista delle tue carte è scaduta (Discord concede 15 minuti). Premi **Mostra le mie carte** nel messaggio del tavolo per rivederle.
hand-moved = Le tue carte si sono spostate più in basso: la copia più recente è qui sotto.
restriction-follow-or-trump = Rispondi a { $led } o gioca briscola { $trump }: le altre carte sono disattivate.
restriction-follow-trump = È uscita briscola { $suit }: rispondi con una briscola. Le altre carte sono disattivate.
restriction-follow-suit = Rispondi a { $led }: le altre carte sono disattivate.
stale-hand = Quel pulsante era della mano { $hand }, che è finita: non è stato giocato nulla. Ecco le tue carte adesso.
stale-move = Il gioco è andato avanti da quando è apparso quel pulsante, quindi non è stato giocato nulla. Ecco le tue carte adesso.

## Engine refusals (with the rule of RULES.md)

illegal-follow-or-trump = Non puoi giocarla: devi rispondere a { $led } o giocare briscola { $trump } (regola { $rule }).
illegal-follow-trump = Non puoi giocarla: è uscita briscola { $suit }, quindi devi giocare briscola (regola { $rule }).
illegal-follow-suit = Non puoi giocarla: devi rispondere a { $led } (regola { $rule }).
illegal-not-in-hand = Non puoi giocare { $card }: non ce l'hai in mano (regola { $rule }).
illegal-bid-too-low = La tua offerta deve superare { $bid } (regola { $rule }).
illegal-dealer-must-bid = Tutti gli altri hanno passato, quindi il mazziere deve fare un'offerta (regola { $rule }).
illegal-bid-values = Puoi dire passo, 2, 3 o 4 (regola { $rule }).
illegal-bidding-not-over = L'asta non è finita: passa o fai un'offerta (regola { $rule }).
illegal-bidding-over = L'asta è finita: gioca una carta (regola { $rule }).
illegal-no-bidding = In Salad non c'è asta: gioca una carta (regola { $rule }).
illegal-not-your-turn = Non è il tuo turno (regola { $rule }).
illegal-game-over = La partita è finita (regola { $rule }).
illegal-not-dealt = Le carte non sono ancora state distribuite (regola { $rule }).
illegal-already-dealt = Le carte sono già state distribuite (regola { $rule }).
illegal-bad-deal = Quella distribuzione non è possibile (regola { $rule }).
illegal-illegal = Quella mossa non è consentita (regola { $rule }).

## Results

smear-result-passed = **Mano { $hand }**: tutti hanno passato. { $name } mescola e ridistribuisce.
smear-result-head = **Mano { $hand }** — briscola { $trump }. { $verdict }.
smear-made = **{ $name }** ha offerto { $bid } e l'ha mantenuta (+{ $points })
smear-set = **{ $name }** ha offerto { $bid } ma non l'ha mantenuta (−{ $bid }: { $points ->
    [one] il punto preso non conta
   *[other] i { $points } punti presi non contano
})
smear-result-points = Alta: { $high } · Bassa: { $low } · Fante: { $jack } · Gioco: { $game } (punti carta: { $counts })
smear-point-card = { $name } ({ $card })
smear-jack-not-dealt = non distribuito ({ $card })
smear-game-tie = nessuno (pareggio)
salad-result-head = **Mano { $contract } — { $name }** ({ $penalty })
salad-result-penalties = Penalità: { $penalties }

standings-title = { $game } — classifica finale
standings-line = { $place }. { $name } — { $score }
standings-by-hand = Punteggio dopo ogni mano
standings-hand-column = Mano
standings-rematch = Rivincita
standings-review = Rivedi la mia partita
standings-export = Esporta la partita
standings-unrated-coach = I suggerimenti erano attivi, quindi questa partita non conta per la classifica.
smear-won-by-target = 🏆 Vince **{ $name }**: ha offerto { $bid }, l'ha mantenuta e ha raggiunto { $score } (l'obiettivo è { $target }). Solo chi ha vinto l'asta può chiudere la partita (regola S12).
smear-won-by-four = 🏆 Vince **{ $name }**: ha mantenuto un'offerta di 4 partendo da { $before }. Un 4 mantenuto vince subito se si ha già almeno 1 punto (regola S13).
salad-won = { $count ->
    [one] 🏆 Vince { $names } con il totale più basso, { $total }.
   *[other] 🏆 Vincono a pari merito { $names } con il totale più basso, { $total }.
}
chart-title = { $game }: punteggio dopo ogni mano
chart-x = Mano
chart-y = Punteggio

## Leaderboard and stats

board-title = **Classifica di { $game }**
board-empty = Ancora nessuna partita finita.
board-row = { $rank }. { $name } — **{ NUMBER($rating, useGrouping: 0) }** · { $games ->
    [one] 1 partita
   *[other] { $games } partite
} · { $wins ->
    [one] 1 vittoria
   *[other] { $wins } vittorie
} ({ $rate }%){ $you ->
    [yes] {" "}← tu
   *[no] {""}
}
board-you-unrated = Qui non hai ancora partite valide per la classifica.
board-how = Tutti partono da 1000; vincere fa salire, tanto più se batti giocatori più forti. Contano anche le partite contro il computer: ogni livello gioca sempre con la stessa forza. Le partite con i suggerimenti non contano.
stats-none = { $name } non ha ancora finito una partita in questo server.
stats-games = { $games ->
    [one] 1 partita
   *[other] { $games } partite
}, { $wins ->
    [one] 1 vittoria
   *[other] { $wins } vittorie
} ({ $rate }%)
stats-bids = offerte mantenute { $made } su { $bids }
stats-average = punteggio finale medio { $average }
stats-average-lowest = totale medio { $average } (più basso è meglio)
stats-rating = valutazione { NUMBER($rating, useGrouping: 0) } (#{ $rank })
stats-form = ultime partite { $form }

## Commands

name-smear = smear
name-salad = salad
name-start = inizia
name-rules = regole
name-seats = giocatori
name-target = obiettivo
name-stuck-dealer = mazziere_obbligato
name-turn-timer = tempo_turno
name-coach = suggerimenti
name-table = tavolo
name-hand = mano
name-leave = esci
name-cancel = annulla
name-replace = sostituisci
name-export = esporta
name-player = giocatore
name-leaderboard = classifica
name-game = gioco
name-stats = statistiche
name-show = mostra
name-forget = dimentica
name-settings = impostazioni
name-language = lingua
name-my-language = mia-lingua
name-forget-server = dimentica-server
cmd-smear = Cutthroat Canadian Smear (2-3 giocatori)
cmd-salad = Canadian Salad (3-6 giocatori)
cmd-smear-start = Apri un tavolo di Smear in questo canale
cmd-salad-start = Apri un tavolo di Salad in questo canale
cmd-smear-rules = Le regole di Cutthroat Canadian Smear (le vedi solo tu)
cmd-salad-rules = Le regole di Canadian Salad (le vedi solo tu)
opt-seats-smear = Numero di giocatori, 2 o 3 (predefinito 3)
opt-seats-salad = Numero di giocatori, da 3 a 6 (predefinito 4)
opt-target = Punti per vincere (predefinito 11)
opt-stuck-dealer = Il mazziere deve offrire se tutti gli altri passano (predefinito no)
opt-turn-timer = Tempo per ogni turno prima che il computer giochi per te (predefinito 2 min)
opt-coach = Un pulsante Suggerimento per tutti; la partita non conta per la classifica
timer-choice-0 = nessun limite
timer-choice-30 = 30 s
timer-choice-60 = 1 min
timer-choice-120 = 2 min
timer-choice-300 = 5 min
cmd-table = Il tavolo da gioco di questo canale
cmd-hand = Le tue carte al tavolo di questo canale (le vedi solo tu)
cmd-table-leave = Lascia il tavolo; un computer prende il tuo posto
cmd-table-cancel = Annulla il tavolo (chi l'ha aperto o Gestisci server)
cmd-table-replace = Dai il posto di un giocatore a un computer (chi ha aperto il tavolo o Gestisci server)
opt-replace-player = Il giocatore il cui posto va a un computer
cmd-table-export = La registrazione dell'ultima partita di questo canale (un file JSON)
cmd-leaderboard = I giocatori di questo server per valutazione
opt-game = Quale gioco (predefinito: entrambi)
cmd-stats = I risultati dei giocatori in questo server
cmd-stats-show = I risultati di un giocatore in questo server (li vedi solo tu)
opt-stats-user = Di chi (predefinito: i tuoi)
cmd-stats-forget = Cancella i tuoi risultati e le tue valutazioni da questo bot
cmd-settings = Le impostazioni del bot
cmd-settings-language = La lingua dei tavoli di questo server (Gestisci server)
cmd-settings-my-language = La lingua delle tue carte e delle risposte
cmd-settings-forget-server = Cancella tutto ciò che il bot conserva su questo server (proprietario o Gestisci server)
opt-language-server = Lingua dei tavoli in questo server
opt-language-mine = Lingua delle tue carte e delle risposte
language-auto = Automatica (da Discord)
settings-language-set = Ora i tavoli di questo server parlano { $language }.
settings-my-language-set = Ora le tue carte e le risposte sono in { $language }.
settings-my-language-app-first = Salvato: { $choice }. La tua app Discord è in { $language }, che ha la precedenza finché è una lingua che parliamo; altrimenti si usa { $choice }.

## Answers

export-ready = La registrazione della partita del tavolo { $table } (il formato è descritto nella documentazione).
left-lobby = Hai lasciato il tavolo.
left-game = Hai lasciato il tavolo; un computer gioca al tuo posto e la partita continua.
left-last = Hai lasciato il tavolo. Non c'era nessun altro, quindi la partita è finita senza risultato (non conta per la classifica).
replaced = Fatto: ora quel posto lo gioca un computer.
cancelled-done = Il tavolo è annullato; nessun risultato viene registrato.
confirm-leave = Vuoi lasciare questa partita? Un computer prende il tuo posto e lo gioca fino alla fine; non potrai tornare in questa partita.
confirm-leave-last = Vuoi lasciare questa partita? Sei l'ultima persona al tavolo, quindi la partita finisce senza risultato (non conta per la classifica).
confirm-leave-button = Lascia la partita
confirm-cancel = Annullare la partita per tutti? Finisce senza risultato; non conta nulla per la classifica.
confirm-cancel-button = Annulla la partita
confirm-replace = Dare il posto di { $name } a un computer? Lo giocherà fino alla fine della partita.
confirm-replace-button = Dai il posto a un computer
confirm-forget-me = Cancellare i tuoi risultati, valutazioni e impostazioni da questo bot, in tutti i server? Le tue partite passate restano, senza il tuo nome. Non si può tornare indietro.
confirm-forget-button = Cancella i miei dati
confirm-forget-server = Cancellare tutto ciò che il bot conserva su questo server: tavoli, partite, risultati, classifica e impostazioni? I tavoli in corso vengono annullati. Non si può tornare indietro.
confirm-forget-server-button = Cancella i dati del server
forgot-me = Fatto: i tuoi risultati ({ $games ->
    [one] 1 partita
   *[other] { $games } partite
}) e le tue valutazioni sono stati cancellati.
forgot-server = Fatto: tutto ciò che il bot conservava su questo server ({ $games ->
    [one] 1 partita
   *[other] { $games } partite
}) è stato cancellato.

## Refusals

refusal-table-closed = Quel tavolo è chiuso: la sua partita è finita o è stata annullata.
refusal-wrong-channel = Quel pulsante appartiene a un tavolo di un altro canale, quindi non è stato fatto nulla.
refusal-restarting = Il bot si sta riavviando: riprova tra un momento.
refusal-starting-up = Questo tavolo si sta riavviando, quindi non è stato giocato nulla: riprova tra un momento.
refusal-database-busy = Il database del bot non risponde in questo momento, quindi non è stato giocato nulla: riprova tra un momento.
refusal-already-started = Questa partita è già iniziata.
refusal-not-started = La partita non è ancora iniziata.
refusal-not-saved = Spiacente, non è stato possibile salvare, quindi non è cambiato nulla. Riprova tra un momento.
refusal-storage-lost = Il database del bot non è disponibile, quindi non è cambiato nulla. Chi gestisce il bot è stato avvisato.
refusal-unknown-game = I giochi sono Smear e Salad.
refusal-seats = Quel gioco è per { $low }-{ $high } giocatori.
refusal-option = Opzione non consentita: { $reason }.
refusal-timer = Il tempo per turno può essere: nessun limite, 30 s, 1 min, 2 min o 5 min.
refusal-table-here = C'è già un tavolo in questo canale.
refusal-table-here-link = C'è già un tavolo in questo canale: { $link }
refusal-table-here-reposted = C'è già una partita in questo canale; il messaggio del suo tavolo è stato ripubblicato qui sotto.
refusal-seated-already = Hai già un posto a questo tavolo.
refusal-full = Questo tavolo è al completo.
refusal-no-seat = Non hai un posto a questo tavolo.
refusal-level = Scegli un livello del computer dal menu.
refusal-take-seat-first = Prima siediti: solo chi gioca al tavolo può aggiungere computer.
refusal-host-only = Può farlo solo chi ha aperto il tavolo o chi ha il permesso Gestisci server.
refusal-seat-empty = Quel posto è già libero.
refusal-host-stays = Il posto di chi ha aperto il tavolo resta; per chiudere il tavolo usa Annulla.
refusal-too-few = Per questo gioco servono almeno { $least ->
    [one] 1 giocatore
   *[other] { $least } giocatori
}: aspetta che arrivi qualcuno o aggiungi un computer.
refusal-not-seated = Non hai un posto a questo tavolo: solo i suoi giocatori hanno le carte.
refusal-not-your-hand = Quel pulsante non viene dalle tue carte, quindi non è stato giocato.
refusal-not-your-turn = Non è il tuo turno: si aspetta { $name }.
refusal-illegal = { $reason }
refusal-not-a-move = Non è una carta né un'offerta di questo gioco.
refusal-replace-person = Scegli una persona seduta a questo tavolo.
refusal-rematch-not-over = La rivincita si apre quando la partita è finita.
refusal-rematch-players = Solo i giocatori di quella partita possono avviarne la rivincita.
refusal-rematch-open = C'è già un tavolo in questo canale: siediti lì.
refusal-export-live = La registrazione mostra tutte le mani distribuite, quindi è disponibile solo a partita finita.
refusal-no-record = Quel tavolo non ha una registrazione della partita.
refusal-no-game-here = In questo canale non si è ancora giocata nessuna partita.
refusal-no-table = Non c'è nessun tavolo in questo canale. Aprine uno con /smear inizia o /salad inizia.
refusal-server-only = Funziona solo in un canale di un server.
refusal-manage-server = Per questo ti serve il permesso Gestisci server.
refusal-bad-option = Quell'opzione non è valida qui.
refusal-pick-one = Scegline uno dal menu.
refusal-unknown-button = Quel pulsante non è mio (o viene da una versione vecchia): non è stato fatto nulla.
refusal-not-yours = Quel pulsante è di qualcun altro.
refusal-language = Scegli una lingua dall'elenco.
error-generic = Spiacente, qualcosa è andato storto da parte mia; non è cambiato nulla. Riprova.

## Rules (/smear rules, /salad rules)

rules-smear =
    {""}**Cutthroat Canadian Smear** — 2 o 3 giocatori, ognuno per sé; vince chi arriva per primo all'obiettivo (11 se non si sceglie altro).
    • **Distribuzione**: 6 carte a testa. Dopo ogni mano giocata il mazziere passa a sinistra.
    • **Asta**: a partire dalla sinistra del mazziere, ognuno una volta sola: passa, oppure offri di più (2, 3 o 4). Un 4 chiude l'asta. Se tutti passano, lo stesso mazziere ridistribuisce (oppure, con *mazziere obbligato*, il mazziere deve offrire).
    • **Svolgimento**: apre chi ha vinto l'asta; la prima carta giocata decide la **briscola**. Rispondi al seme o gioca briscola; se non hai il seme uscito, gioca quello che vuoi. Prende la briscola più alta, altrimenti la carta più alta del seme uscito.
    • **Punti** (fino a 4 per mano): **Alta** (la briscola più alta distribuita, a chi la gioca), **Bassa** (la briscola più bassa distribuita, a chi la gioca), **Fante** di briscola (a chi vince la presa in cui cade), **Gioco** (più punti carta presi: A 4, R 3, D 2, F 1, 10 dieci; in caso di pareggio il punto non va a nessuno).
    • **Punteggio**: chi ha vinto l'asta segna tutti i suoi punti se raggiunge l'offerta, altrimenti perde l'offerta (si può andare sotto zero). Gli altri segnano quello che hanno preso.
    • **Vittoria**: può vincere solo chi ha vinto l'asta, mantenendo l'offerta e raggiungendo l'obiettivo, oppure mantenendo un'offerta di 4 con almeno 1 punto prima della mano.
    Premi **Mostra le mie carte** (o usa /mano) per vedere e giocare le tue carte.
rules-salad =
    {""}**Canadian Salad** — da 3 a 6 giocatori, ognuno per sé; sei mani, e vince il totale **più basso**.
    • **Mazzo**: si distribuiscono tutte le carte (3 giocatori: senza 2♣; 5: senza 2♣ 2♦; 6: senza 2♣ 3♣ 2♦ 3♦).
    • **Svolgimento**: apre chi sta alla sinistra del mazziere; rispondi al seme se puoi, altrimenti gioca quello che vuoi. Niente briscola: prende la carta più alta del seme uscito, e chi prende apre la presa successiva.
    • **Le mani**, in quest'ordine (penalità): 1. niente prese — 10 per presa; 2. niente cuori — 10 per ogni cuori; 3. niente donne — 25 per donna; 4. niente re di picche — 100; 5. niente ultima presa — 100; 6. insalata — tutte e cinque insieme.
    Le mani da 2 a 4 finiscono appena tutte le carte di penalità sono state prese. Se più giocatori sono a pari merito con il totale più basso, vincono tutti.
    Premi **Mostra le mie carte** (o usa /mano) per vedere e giocare le tue carte.

## The coach (a table option: Hint on your turn; Review my game after the game)

hint-line = 💡 Suggerimento: { $move }. { $reason }
review-title = **La tua partita, rivista**: le decisioni che ti sono costate di più, in punti attesi.
review-line = Mano { $hand }, tua decisione { $decision }: hai scelto { $chosen }; era meglio { $better } (circa { $loss ->
    [one] { $loss } punto
   *[other] { $loss } punti
}). { $reason }
review-none = Nessuna decisione costosa in questa partita: ben giocato!
review-not-player = La revisione è solo per i giocatori di quella partita.
review-busy = Rivedere la tua partita richiede qualche secondo…
refusal-coach-off = I suggerimenti non sono attivi a questo tavolo (scegli `suggerimenti` quando apri un tavolo).
refusal-hint-not-your-turn = I suggerimenti si chiedono nel tuo turno.
coach-bid-makes = Offri { $bid }: con questa mano ci arrivi circa il { $chance }% delle volte (briscola { $suit }).
coach-bid-go-out = Offri { $bid }: mantenerla ti fa vincere la partita, e con questa mano ci riesci circa il { $chance }% delle volte.
coach-bid-stop = Rilancia: l'altro vincerebbe la partita mantenendo la sua offerta.
coach-pass-weak = Passa: con questa mano un'offerta di { $bid } riesce solo circa il { $chance }% delle volte.
coach-name-trump = Aprendo con { $card } la briscola diventa { $suit }: il tuo seme più forte.
coach-draw-trump = Apri con briscola ({ $card }) per togliere le briscole agli altri.
coach-cash-winner = Apri con { $card }: nessuno può batterla.
coach-lead-low = Apri con { $card }, una carta che vale poco, e tieni quelle forti.
coach-take-jack = Prendi questa presa con { $card }: dentro c'è il fante di briscola.
coach-save-jack = Gioca il fante ({ $card }) dove vince la sua presa.
coach-save-ten = Porta a casa il dieci con { $card }: vale 10 per il Gioco.
coach-take-points = Prendi questa presa con { $card }: vale { $points } per il Gioco.
coach-trump-in = Taglia con { $card } e prendi la presa.
coach-duck = Lascia andare questa presa: gioca { $card }.
coach-dump-low = Qui non c'è niente da vincere: scarta { $card }, la carta che costa meno.
coach-dump-penalty = Scarica { $card } sulla presa di un altro ({ $points ->
    [one] 1 punto di penalità
   *[other] { $points } punti di penalità
} che non prenderai tu).
coach-shed-danger = Non puoi rispondere al seme: liberati di { $card }, la carta che più facilmente vincerebbe una presa più avanti.
coach-take-safe = Prendi questa presa con { $card }: non costa nulla e poi apri tu.
coach-take-cheap = Prendi la presa adesso con { $card }, finché costa meno ({ $points }).
coach-lead-safe = Apri con { $card }: non può prendere penalità.
coach-only-move = È l'unica carta che puoi giocare.
coach-best-odds = La ricerca l'ha trovata la migliore, tutto considerato.
