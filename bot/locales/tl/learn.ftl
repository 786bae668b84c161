# Matutong maglaro (/smear learn, /salad learn)
name-learn = matuto
cmd-smear-learn = Ang una mong laro ng Smear: ikaw at 2 computer, ipinapaliwanag ng coach ang bawat hakbang
cmd-salad-learn = Ang una mong laro ng Salad: ikaw at 3 computer, ipinapaliwanag ng coach ang bawat hakbang
option-learn = Pag-aaral: ipinapaliwanag ng coach ang bawat hakbang sa iyong hawak
learn-nobody = walang nakakuha
learn-penalty = { $name } { $points }

learn-bid-open = 🎓 Ang bid na 2, 3 o 4 ay pangakong makukuha mo ang ganoong dami sa 4 na puntos ng kamay (Mataas, Mababa, Jack, Laro): ang pinakamataas na bidder ang mauuna at pipili ng trump, at kung kulang ang makuha niya, ibabawas ang bid sa kanyang iskor (S10).
learn-bid-raise = 🎓 May bid nang { $bid }: mag-bid ng { $lowest } o higit pa para ipangako ang ganoong dami sa 4 na puntos (Mataas, Mababa, Jack, Laro) at ikaw ang pumili ng trump, o pumasa (S1).
learn-bid-last = 🎓 Pumasa ang lahat ng iba: mag-bid ng { $lowest } o higit pa para pumili ng trump at ipangako ang ganoong dami sa 4 na puntos (Mataas, Mababa, Jack, Laro), o pumasa at ibabahagi muli ang mga baraha (S2).
learn-bid-dealer-must = 🎓 Pumasa ang lahat ng iba, kaya ikaw, ang dealer, ay dapat mag-bid ng hindi bababa sa { $lowest } at ipangako ang ganoong dami sa 4 na puntos (Mataas, Mababa, Jack, Laro) (S2).

learn-follow-or-trump = 🎓 Hindi malalaro ang mga abong baraha: may hawak kang { $led }, ang unang inilabas na suit, kaya dapat mong sundan ito o maglaro ng trump { $trump } (S4).
learn-follow-trump = 🎓 Hindi malalaro ang mga abong baraha: trump { $suit } ang inilabas at may trump ka, kaya dapat kang maglaro ng trump (S4).
learn-follow-suit = 🎓 Hindi malalaro ang mga abong baraha: may hawak kang { $led }, ang unang inilabas na suit, kaya dapat mong sundan ito (C3).

learn-highest-trump = 🎓 Trick { $trick }: nanalo si { $seat } gamit ang { $card }, ang pinakamataas na trump ({ $trump }) dito (S5).
learn-only-trump = 🎓 Trick { $trick }: nanalo si { $seat } gamit ang { $card }, ang nag-iisang trump ({ $trump }) dito (S5).
learn-highest-of-led-no-trump = 🎓 Trick { $trick }: walang naglaro ng trump ({ $trump }), kaya nanalo si { $seat } gamit ang { $card }, ang pinakamataas sa inilabas na suit ({ $led }) (S5).
learn-only-of-led-no-trump = 🎓 Trick { $trick }: walang ibang sumunod sa { $led } o naglaro ng trump ({ $trump }), kaya nanalo si { $seat } gamit ang { $card } (S5).
learn-highest-of-led = 🎓 Trick { $trick }: nanalo si { $seat } gamit ang { $card }, ang pinakamataas sa inilabas na suit ({ $led }) (C3).
learn-only-of-led = 🎓 Trick { $trick }: walang ibang sumunod sa { $led }, kaya nanalo si { $seat } gamit ang inilabas na baraha, { $card } (C3).

learn-made = 🎓 Puntos ng kamay: Mataas kay { $high }, Mababa kay { $low }, Jack kay { $jack }, Laro kay { $game }; nag-bid si { $bidder } ng { $bid } at nakakuha ng { $points }, kaya makukuha niya lahat (S6-S9, S10).
learn-set = 🎓 Puntos ng kamay: Mataas kay { $high }, Mababa kay { $low }, Jack kay { $jack }, Laro kay { $game }; nag-bid si { $bidder } ng { $bid } pero { $points } lang ang nakuha, kaya mawawala ang { $bid } (S6-S9, S10).
learn-passed-out = 🎓 Pumasa ang lahat, kaya muling magbabahagi si { $seat } (S2).
learn-penalties = 🎓 Ang kamay { $contract } ({ $name }) ay nagbigay ng mga multang ito: { $list } (C5).
