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
