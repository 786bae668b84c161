# Impara a giocare (/smear learn, /salad learn)
name-learn = impara
cmd-smear-learn = La tua prima partita a Smear: tu e 2 computer, il coach spiega ogni passo
cmd-salad-learn = La tua prima partita a Salad: tu e 3 computer, il coach spiega ogni passo
option-learn = Impara a giocare: il coach spiega ogni passo sulla tua mano
learn-nobody = nessuno
learn-penalty = { $name } { $points }

learn-bid-open = 🎓 Una dichiarazione di 2, 3 o 4 promette altrettanti dei 4 punti della mano (Alta, Bassa, Fante, Gioco): chi dichiara di più apre e sceglie la briscola, e se prende meno punti la dichiarazione gli viene tolta dal punteggio (S10).
learn-bid-raise = 🎓 È già stato dichiarato { $bid }: dichiara { $lowest } o più per promettere altrettanti dei 4 punti (Alta, Bassa, Fante, Gioco) e scegliere tu la briscola, oppure passa (S1).
learn-bid-last = 🎓 Tutti gli altri hanno passato: dichiara { $lowest } o più per scegliere la briscola e promettere altrettanti dei 4 punti (Alta, Bassa, Fante, Gioco), oppure passa e si ridistribuisce (S2).
learn-bid-dealer-must = 🎓 Tutti gli altri hanno passato, quindi tu, il mazziere, devi dichiarare almeno { $lowest } e promettere altrettanti dei 4 punti (Alta, Bassa, Fante, Gioco) (S2).

learn-follow-or-trump = 🎓 Le carte grigie non si possono giocare: hai { $led }, il seme di uscita, quindi devi rispondere a seme o giocare briscola { $trump } (S4).
learn-follow-trump = 🎓 Le carte grigie non si possono giocare: è uscita la briscola { $suit } e tu ne hai, quindi devi giocare briscola (S4).
learn-follow-suit = 🎓 Le carte grigie non si possono giocare: hai { $led }, il seme di uscita, quindi devi rispondere a seme (C3).

learn-highest-trump = 🎓 Presa { $trick }: { $seat } ha vinto con { $card }, la briscola ({ $trump }) più alta della presa (S5).
learn-only-trump = 🎓 Presa { $trick }: { $seat } ha vinto con { $card }, l'unica briscola ({ $trump }) della presa (S5).
learn-highest-of-led-no-trump = 🎓 Presa { $trick }: nessuno ha giocato briscola ({ $trump }), quindi { $seat } ha vinto con { $card }, la carta più alta del seme di uscita ({ $led }) (S5).
learn-only-of-led-no-trump = 🎓 Presa { $trick }: nessun altro ha risposto a { $led } né giocato briscola ({ $trump }), quindi { $seat } ha vinto con { $card } (S5).
learn-highest-of-led = 🎓 Presa { $trick }: { $seat } ha vinto con { $card }, la carta più alta del seme di uscita ({ $led }) (C3).
learn-only-of-led = 🎓 Presa { $trick }: nessun altro ha risposto a { $led }, quindi { $seat } ha vinto con la carta di uscita, { $card } (C3).

learn-made = 🎓 Punti della mano: Alta a { $high }, Bassa a { $low }, Fante a { $jack }, Gioco a { $game }; { $bidder } ha dichiarato { $bid } e ne ha presi { $points }, quindi li tiene tutti (S6-S9, S10).
learn-set = 🎓 Punti della mano: Alta a { $high }, Bassa a { $low }, Fante a { $jack }, Gioco a { $game }; { $bidder } ha dichiarato { $bid } ma ne ha presi solo { $points }, quindi perde { $bid } (S6-S9, S10).
learn-passed-out = 🎓 Tutti hanno passato, quindi { $seat } ridistribuisce (S2).
learn-penalties = 🎓 La mano { $contract } ({ $name }) ha dato queste penalità: { $list } (C5).
