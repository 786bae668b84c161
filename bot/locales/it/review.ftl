# La mano rivista (bot/render/review.py): le carte distribuite, l'asta, ogni presa e perché è
# stata vinta, e da dove viene ogni punto. Stessi messaggi e stesse variabili dell'inglese.

hand-review-title = { $game } — mano { $hand }, rivista
hand-review-title-salad = { $game } — mano { $hand } di 6 ({ $contract }), rivista
hand-review-seat = Posto { $n }
hand-review-dealer = Mazziere: { $name }
hand-review-penalty = Penalità di questa mano: { $penalty }
hand-review-dealt = Carte distribuite
hand-review-bidding = Asta
hand-review-bids = Offerte: { $bids }
hand-review-no-turn = Nessun turno dopo il 4: { $names }
hand-review-tricks = Prese
hand-review-trick = { $n }. { $cards } → { $name }: { $why }
hand-review-trick-column = #
hand-review-not-played = Non giocate, la mano è finita prima: { $cards }
hand-review-points = Punti
hand-review-penalties = Penalità
hand-review-point-high = Alta
hand-review-point-low = Bassa
hand-review-point-jack = Fante
hand-review-point-game = Gioco
hand-review-game-counts = Punti carta per il Gioco: { $counts }
hand-review-scores = Punteggi: { $scores }
hand-review-score = { $name } { $before } → { $after }
hand-review-penalty-line = { $name }: { $points } — { $items }
hand-review-penalty-none = { $name }: 0
hand-review-rule = { $text } (regola { $rule })

## Perché una presa è stata vinta, in breve (l'elenco delle prese)

hand-review-why-highest-trump = la briscola più alta
hand-review-why-only-trump = l'unica briscola
hand-review-why-highest-of-led = la più alta di { $led }
hand-review-why-only-of-led = l'unica di { $led }
hand-review-why-highest-of-led-no-trump = la più alta di { $led }, niente briscola
hand-review-why-only-of-led-no-trump = l'unica di { $led }, niente briscola

## Perché, per intero (i punti, e l'allenatore)

hand-review-reason-highest-trump = { $card } è la briscola ({ $trump }) più alta della presa
hand-review-reason-only-trump = { $card } è l'unica briscola ({ $trump }) della presa
hand-review-reason-highest-of-led = { $card } è la carta più alta del seme uscito ({ $led })
hand-review-reason-only-of-led = nessun altro ha risposto a { $led }, quindi vince { $card }
hand-review-reason-highest-of-led-no-trump = nessuno ha giocato briscola ({ $trump }), e { $card } è la carta più alta del seme uscito ({ $led })
hand-review-reason-only-of-led-no-trump = nessun altro ha risposto a { $led } né giocato briscola ({ $trump }), quindi vince { $card }
hand-review-reason-highest-bid = { $seat } ha fatto l'offerta più alta, { $bid }, e ha vinto l'asta
hand-review-reason-bid-four = { $seat } ha offerto 4, che chiude subito l'asta
hand-review-reason-dealer-stuck = tutti gli altri hanno passato, quindi { $seat }, il mazziere, doveva offrire: { $bid }
hand-review-reason-passed-out = tutti hanno passato: { $seat } mescola e ridistribuisce
hand-review-reason-trump-named = { $seat } ha aperto con { $card }, quindi la briscola è { $suit }
hand-review-reason-high = { $seat } ha giocato { $card }, la briscola più alta distribuita
hand-review-reason-high-and-low = { $seat } ha giocato { $card }, l'unica briscola distribuita: vale sia Alta sia Bassa
hand-review-reason-low = { $seat } ha giocato { $card }, la briscola più bassa distribuita
hand-review-reason-low-not-taker = { $seat } ha giocato { $card }, la briscola più bassa distribuita: la Bassa va a chi la gioca, non a chi vince la presa ({ $winner })
hand-review-reason-jack-kept = { $seat } ha giocato { $card } e ha vinto la sua presa ({ $trick })
hand-review-reason-jack-captured = { $seat } ha vinto la presa { $trick }, in cui { $owner } ha giocato { $card }
hand-review-reason-jack-not-dealt = nessuno: { $card } non è stato distribuito
hand-review-reason-game-highest = { $seat } ha preso più punti carta, { $count } (il secondo: { $next })
hand-review-reason-game-tie = nessuno: il massimo dei punti carta, { $count }, è pari
hand-review-reason-made = { $seat } ha offerto { $bid } e ha preso { $points ->
    [one] 1 punto
   *[other] { $points } punti
}: offerta mantenuta, e ogni punto conta
hand-review-reason-set = { $seat } ha offerto { $bid } ma ha preso { $points ->
    [0] nessun punto
    [one] solo 1 punto
   *[other] solo { $points } punti
}: offerta non mantenuta, perde { $bid }
hand-review-reason-won-target = { $seat } ha mantenuto l'offerta e ha raggiunto { $score } (l'obiettivo è { $target }): partita vinta
hand-review-reason-won-four = { $seat } ha mantenuto un'offerta di 4 con { $before ->
    [one] 1 punto
   *[other] { $before } punti
} prima della mano: partita vinta
hand-review-reason-trick-taken = { $seat } ha fatto la presa { $trick }
hand-review-reason-heart-taken = { $seat } ha preso { $card } nella presa { $trick }
hand-review-reason-queen-taken = { $seat } ha preso { $card } nella presa { $trick }
hand-review-reason-king-of-spades-taken = { $seat } ha preso { $card } nella presa { $trick }
hand-review-reason-last-trick-taken = { $seat } ha fatto l'ultima presa ({ $trick })
hand-review-reason-ended-early = tutte le carte di penalità erano state prese entro la presa { $trick }, quindi la mano è finita lì

## Le penalità di un giocatore, riassunte (Salad)

hand-review-sum-trick-taken = { $count ->
    [one] presa { $tricks }
   *[other] prese { $tricks }
} ({ $points })
hand-review-sum-heart-taken = { $count ->
    [one] 1 cuori
   *[other] { $count } cuori
} { $cards } ({ $points })
hand-review-sum-queen-taken = { $count ->
    [one] 1 donna
   *[other] { $count } donne
} { $cards } ({ $points })
hand-review-sum-king-of-spades-taken = il re di picche { $cards } ({ $points })
hand-review-sum-last-trick-taken = l'ultima presa ({ $points })

## Il menu delle mani di una partita

hand-review-choose = Rivedi una mano…
hand-review-option-smear = Mano { $hand }: { $name } ha offerto { $bid }, { $made ->
    [yes] mantenuta
   *[no] non mantenuta
}
hand-review-option-passed = Mano { $hand }: tutti hanno passato
hand-review-option-salad = Mano { $hand }: { $contract }
