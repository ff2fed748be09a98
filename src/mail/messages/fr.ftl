# Les messages aux joueurs, en français.

## Dates: a strftime pattern, the month names from the language's locale.
date-long = %-d %B %Y

## The sides and the pieces.
side-white = Blancs
side-black = Noirs
named = { $name } ({ $side })
piece = { $piece ->
    [pawn] pion
    [knight] cavalier
    [bishop] fou
    [rook] tour
    [queen] dame
   *[king] roi
}
piece-count = { $piece ->
    [pawn] { $count ->
        [one] un pion
       *[other] { $count } pions
    }
    [knight] { $count ->
        [one] un cavalier
       *[other] { $count } cavaliers
    }
    [bishop] { $count ->
        [one] un fou
       *[other] { $count } fous
    }
    [rook] { $count ->
        [one] une tour
       *[other] { $count } tours
    }
    [queen] { $count ->
        [one] une dame
       *[other] { $count } dames
    }
   *[king] { $count ->
        [one] un roi
       *[other] { $count } rois
    }
}
list-and = { $rest } et { $last }

## The notice: greeting and what happened.
salutation = Bonjour { $name },
with-time = { $what } ({ $at }).
without-time = { $what }.
headline-created = Nouvelle partie : { $white } contre { $black }, règles { $rules }, cadence { $control }
headline-moved = { $mover } a joué { $move }
headline-move-recorded = Un coup a été enregistré
headline-draw-offered = { $by } propose la nulle
headline-draw-accepted = { $by } accepte la proposition de nulle de { $other } : la partie est nulle
headline-draw-declined = { $by } refuse la proposition de nulle de { $other } ; la partie continue
headline-resigned = { $by } abandonne
headline-adjudicated = Le directeur du tournoi a arbitré la partie : { $outcome }, { $reason }
headline-leave = { $by } est en congé du { $from } au { $to } : la pendule de { $name } ne tourne pas ces jours-là

## Whose move it is.
turn-yours = { $name }, c'est à vous de jouer.
turn-yours-to-choose = { $name }, c'est votre tour.
turn-in-check = Vous êtes en échec.
turn-waiting = En attente du coup de { $name }.
state-over = Partie terminée : { $outcome }.
state-over-because = Partie terminée : { $outcome } ({ $reason }).
state-checkmate = Échec et mat : les { $winner } gagnent.
state-stalemate = Pat : la partie est nulle.
state-in-check = Trait aux { $side }, en échec.
state-to-move = Trait aux { $side }.

## The subject.
subject = Dynamo: { $white } – { $black }, { $what } — { $tail }
subject-check = (échec)
subject-your-move = à vous de jouer
subject-to-move = au tour de { $name }
subject-game-over = partie terminée, { $outcome }
summary-new-game = nouvelle partie
summary-move = coup
summary-draw-offered = { $by } propose la nulle
summary-draw-agreed = nulle acceptée
summary-draw-declined = { $by } refuse la nulle
summary-resigned = { $by } abandonne
summary-adjudicated = partie arbitrée
summary-leave = { $by } en congé du { $from } au { $to }
summary-chose = { $by } a choisi { $piece ->
    [pawn] un pion
    [knight] un cavalier
    [bishop] un fou
    [rook] une tour
    [queen] une dame
   *[king] un roi
}

## The game's lines.
event-round = Ronde { $round }
event-name = Tournoi : { $event }
event-name-round = Tournoi : { $event }, ronde { $round }
last-move = Dernier coup : { $move } de { $name }, reçu le { $at }
no-moves = Aucun coup pour l'instant.
result = Résultat : { $outcome } — { $reason }
leave-now = Congé : { $name } est en congé jusqu'au { $to } ; la pendule de { $name } est arrêtée.
leave-coming = Congé : { $name } sera en congé du { $from } au { $to } ; la pendule de { $name } ne tournera pas ces jours-là.
draw-standing = Proposition de nulle : { $by } a proposé la nulle ; elle tient jusqu'à ce que { $other } l'accepte, la refuse ou joue.
lost = Hors de l'échiquier : { $white } ; { $black }.
lost-side = { $side } : { $what }
lost-nothing = aucune pièce

## The plain-text copy's headings and signature.
how-to-reply = Comment répondre
moves-heading = Coups :
moves-none = (aucun)
fen-before = Position avant le dernier coup (règle du non-retour) : { $fen }
signature = Envoyé par dynamo, l'arbitre des Échecs Dynamo.

## Un code de réponse valide depuis une adresse qui n'est pas celle du joueur.
stranger-note = Un courriel portant le code de réponse de votre avis est arrivé le { $at } depuis { $from }, qui n'est pas votre adresse pour cette partie : rien n'a été enregistré, et son expéditeur ne reçoit pas de réponse.
stranger-note-next = Si c'était vous, renvoyez votre réponse depuis cette adresse, ou demandez à l'arbitre de changer votre adresse pour vos parties.
## Durations, clocks and deadlines.
span-unit = { $unit ->
    [day] { $count ->
        [one] { $count } jour
       *[other] { $count } jours
    }
    [hour] { $count ->
        [one] { $count } heure
       *[other] { $count } heures
    }
    [minute] { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
   *[second] { $count ->
        [one] { $count } seconde
       *[other] { $count } secondes
    }
}
clock-of = Pendule de { $named } : { $what }
clock-state = { $left }, { $state }
clock-left = il reste { $time }
clock-over = { $time } au-delà du temps imparti
clock-running = en marche
clock-stopped = arrêtée pour congé
clock-hand = { $time } pour le prochain coup, arrêtée
clock-hand-over = { $time } au-delà du temps imparti, arrêtée (le prochain coup de { $name } sera en retard, si tôt qu'il arrive)
deadline-next = Prochaine échéance : { $deadline }, pour le coup de { $name }
deadline-overdue = Échéance : dépassée depuis le { $deadline }, pour le coup de { $name }

## A move after its deadline.
late-received = reçu { $by } après son échéance, { $deadline }
late-move = Coup en retard : le coup { $move } de { $mover } a été { $late } ; cadence { $control } : { $allows }.
late-claim = { $name } peut réclamer la partie au temps : le directeur du tournoi peut la déclarer perdue au temps. Tant que le directeur n'a pas décidé, la partie continue.
move-number = coup { $number }
allows-per-move = chaque coup dans les { $time } qui suivent le coup de l'adversaire
allows-period = { $time } pour { $moves } coups, soit { $total } en tout pour les { $upto } premiers coups d'un joueur

## The pieces the last move took off the board.
exits = Sorties de l'échiquier : { $pieces }.
exit = { $piece ->
    [pawn] le pion { $color ->
        [white] blanc
       *[black] noir
    }
    [knight] le cavalier { $color ->
        [white] blanc
       *[black] noir
    }
    [bishop] le fou { $color ->
        [white] blanc
       *[black] noir
    }
    [rook] la tour { $color ->
        [white] blanche
       *[black] noire
    }
    [queen] la dame { $color ->
        [white] blanche
       *[black] noire
    }
   *[king] le roi { $color ->
        [white] blanc
       *[black] noir
    }
} de { $from }

## A pawn awaiting its owner's choice.
choice-by-move = Le coup { $move } de { $name }
choice-by-last = Le dernier coup
choice-theirs = { $by } a laissé le pion de { $name } en { $square } : { $name } choisit sa promotion, puis joue.
choice-yours = { $by } a amené votre pion en { $square } : choisissez sa promotion (dame, tour, fou ou cavalier), puis jouez votre coup, dans une seule réponse ({ $example }) ou le choix d'abord ({ $alone }) et le coup ensuite.
choice-example-none = =Q et votre coup
choice-last-rank = dernière rangée
headline-chose = { $by } a choisi { $piece ->
    [pawn] un pion
    [knight] un cavalier
    [bishop] un fou
    [rook] une tour
    [queen] une dame
   *[king] un roi
} pour le pion en { $square }

## The director's corrections.
correction-undone = Le directeur du tournoi a annulé le coup { $move } de { $by }
correction-header = Le directeur du tournoi a corrigé la partie : { $changes }
correction-reason = { $what }. Motif : { $reason }
summary-undone = { $move } annulé
summary-corrected = feuille de partie corrigée
change-address = l'adresse des { $side } a changé
change-set = { $name } est désormais « { $new } »
change-was = { $name } est désormais « { $new } » (auparavant « { $old } »)

## How to reply; the phrases stay as the reader of replies reads them.
phrases-offer = « { $offer } » (seul ou avec votre coup), ou « { $resign } »
phrases-answer-offer = « { $accept } » ou « { $decline } » ({ $opponent } propose la nulle), ou « { $resign } »
phrases-resign = « { $resign } »
reply-move = Répondez par un coup, seul ou dans une phrase.
reply-move-example = Répondez par un coup, seul ou dans une phrase, par exemple « { $move } ».
reply-move-examples = Répondez par un coup, seul ou dans une phrase, par exemple « { $move } » ou « je joue { $shove } ».
reply-or = Ou écrivez { $phrases }.
reply-later = Quand { $opponent } aura joué, répondez à cet avis par un coup, seul ou dans une phrase.
reply-meanwhile = En attendant, vous pouvez écrire { $phrases }.
replies-go = Les réponses vont à { $to }.
reply-none = La partie est terminée : aucune réponse n'est nécessaire.

## The HTML copy.
text-diagram = Diagramme en texte
board-alt = L'échiquier du côté des { $side }. FEN : { $fen }

## Reminders of a deadline.
remind-subject = Dynamo : { $names } — rappel : { $what }
remind-overdue-subject = votre échéance du { $deadline } est dépassée
remind-due-subject = votre coup est attendu avant le { $deadline }
remind-overdue = Votre coup contre { $opponent } était attendu avant le { $deadline }, il y a { $ago }, et aucun coup n'a été enregistré{ $control }. { $opponent } peut réclamer la partie au temps : le directeur du tournoi reçoit une copie de ce rappel et peut la déclarer perdue au temps. Tant que le directeur n'a pas décidé, la partie continue et votre coup sera encore enregistré, comme coup en retard.
remind-control = { " " }(cadence { $control } : { $allows })
remind-due = Nous vous rappelons que c'est à vous de jouer contre { $opponent }. Votre échéance est le { $deadline }, dans { $left }.
remind-last-move = Dernier coup : { $move }
remind-reply = Répondez au dernier avis de la partie, ou à ce message, par un coup, seul ou dans une phrase.

## Answers to a player's mail.
answer-signature = Envoyé par dynamo, l'arbitre des Échecs Dynamo : une réponse automatique à votre message.
answer-refused = Votre message du { $at } a été lu, mais rien n'a été enregistré :
answer-already = Votre message du { $at } a été lu : il est déjà enregistré comme { $what } le { $when }. Rien d'autre n'a été fait.
answer-too-large = Votre message du { $at } n'a pas été lu : il dépasse { $mb } Mo, le maximum que l'arbitre lit. Les pièces jointes (une photo, un scan) alourdissent un message.
answer-send-again = Renvoyez votre coup en répondant à ce message, sans pièce jointe.
answer-cancelled = Votre message du { $at } a été lu, mais rien n'a été enregistré : le directeur du tournoi a annulé le groupe { $section }, dont les parties ne se jouent plus.
answer-moved-on = Votre message du { $at } a été lu, mais rien n'a été enregistré : la partie a avancé depuis l'avis auquel vous avez répondu ; répondez au dernier avis (ou à ce message).
conditional-none-to-cancel = Votre message du { $at } a été lu : vous n'aviez aucun coup conditionnel à annuler.
conditional-cancelled = Votre message du { $at } a été lu : vos coups conditionnels sont annulés ; aucun ne sera joué :
conditional-stand = Votre message du { $at } a été lu : vos coups conditionnels sont désormais les suivants. Chaque réponse est enregistrée dès que le coup de l'adversaire qui la précède l'est ; votre adversaire ne les voit jamais.
