# Los mensajes a los jugadores, en español.

## Dates: a strftime pattern, the month names from the language's locale.
date-long = %-d de %B de %Y

## The sides and the pieces.
side-white = Blancas
side-black = Negras
named = { $name } ({ $side })
piece = { $piece ->
    [pawn] peón
    [knight] caballo
    [bishop] alfil
    [rook] torre
    [queen] dama
   *[king] rey
}
piece-count = { $piece ->
    [pawn] { $count ->
        [one] un peón
       *[other] { $count } peones
    }
    [knight] { $count ->
        [one] un caballo
       *[other] { $count } caballos
    }
    [bishop] { $count ->
        [one] un alfil
       *[other] { $count } alfiles
    }
    [rook] { $count ->
        [one] una torre
       *[other] { $count } torres
    }
    [queen] { $count ->
        [one] una dama
       *[other] { $count } damas
    }
   *[king] { $count ->
        [one] un rey
       *[other] { $count } reyes
    }
}
list-and = { $rest } y { $last }

## The notice: greeting and what happened.
salutation = Hola, { $name }:
with-time = { $what } ({ $at }).
without-time = { $what }.
headline-created = Nueva partida: { $white } contra { $black }, reglas { $rules }, ritmo de juego { $control }
headline-moved = { $mover } jugó { $move }
headline-move-recorded = Se registró una jugada
headline-draw-offered = { $by } ofrece tablas
headline-draw-accepted = { $by } acepta la oferta de tablas de { $other }: la partida termina en tablas
headline-draw-declined = { $by } rechaza la oferta de tablas de { $other }; la partida continúa
headline-resigned = { $by } abandona
headline-adjudicated = El director del torneo ha adjudicado la partida: { $outcome }, { $reason }
headline-leave = { $by } está de vacaciones del { $from } al { $to }: el reloj de { $name } no corre esos días

## Whose move it is.
turn-yours = { $name }, le toca jugar.
turn-yours-to-choose = { $name }, es su turno.
turn-in-check = Está en jaque.
turn-waiting = Esperando la jugada de { $name }.
state-over = Partida terminada: { $outcome }.
state-over-because = Partida terminada: { $outcome } ({ $reason }).
state-checkmate = Jaque mate: ganan las { $winner }.
state-stalemate = Rey ahogado: la partida termina en tablas.
state-in-check = Juegan las { $side }, en jaque.
state-to-move = Juegan las { $side }.

## The subject.
subject = Dynamo: { $white } – { $black }, { $what } — { $tail }
subject-check = (jaque)
subject-your-move = le toca jugar
subject-to-move = le toca a { $name }
subject-game-over = partida terminada, { $outcome }
summary-new-game = nueva partida
summary-move = jugada
summary-draw-offered = { $by } ofrece tablas
summary-draw-agreed = tablas acordadas
summary-draw-declined = { $by } rechaza las tablas
summary-resigned = { $by } abandona
summary-adjudicated = adjudicada
summary-leave = { $by } de vacaciones del { $from } al { $to }
summary-chose = { $by } eligió { $piece ->
    [pawn] un peón
    [knight] un caballo
    [bishop] un alfil
    [rook] una torre
    [queen] una dama
   *[king] un rey
}

## The game's lines.
event-round = Ronda { $round }
event-name = Torneo: { $event }
event-name-round = Torneo: { $event }, ronda { $round }
last-move = Última jugada: { $move } de { $name }, recibida el { $at }
no-moves = Aún no hay jugadas.
result = Resultado: { $outcome } — { $reason }
leave-now = Vacaciones: { $name } está de vacaciones hasta el { $to }; el reloj de { $name } está parado.
leave-coming = Vacaciones: { $name } estará de vacaciones del { $from } al { $to }; el reloj de { $name } no correrá esos días.
draw-standing = Oferta de tablas: { $by } ha ofrecido tablas; la oferta sigue en pie hasta que { $other } la acepte, la rechace o juegue.
lost = Fuera del tablero: { $white }; { $black }.
lost-side = { $side }: { $what }
lost-nothing = ninguna pieza

## The plain-text copy's headings and signature.
how-to-reply = Cómo responder
moves-heading = Jugadas:
moves-none = (ninguna)
fen-before = Posición antes de la última jugada (regla de no deshacer): { $fen }
signature = Enviado por dynamo, el árbitro de Ajedrez Dynamo.

## Un código de respuesta válido desde una dirección que no es la del jugador.
stranger-note = Un correo con el código de respuesta de su aviso llegó el { $at } desde { $from }, que no es su dirección para esta partida: no se registró nada, y el remitente no recibe respuesta.
stranger-note-next = Si fue usted, envíe de nuevo su respuesta desde esta dirección, o pida al árbitro que cambie su dirección para sus partidas.
