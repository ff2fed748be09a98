# The messages a player receives, in English: the reference every other
# language's file follows, message for message, placeable for placeable.

## Dates: a strftime pattern, the month names from the language's locale.
date-long = %-d %B %Y

## The sides and the pieces.
side-white = White
side-black = Black
named = { $name } ({ $side })
piece = { $piece ->
    [pawn] pawn
    [knight] knight
    [bishop] bishop
    [rook] rook
    [queen] queen
   *[king] king
}
piece-count = { $piece ->
    [pawn] { $count ->
        [one] a pawn
       *[other] { $count } pawns
    }
    [knight] { $count ->
        [one] a knight
       *[other] { $count } knights
    }
    [bishop] { $count ->
        [one] a bishop
       *[other] { $count } bishops
    }
    [rook] { $count ->
        [one] a rook
       *[other] { $count } rooks
    }
    [queen] { $count ->
        [one] a queen
       *[other] { $count } queens
    }
   *[king] { $count ->
        [one] a king
       *[other] { $count } kings
    }
}
list-and = { $rest } and { $last }

## The notice: greeting and what happened.
salutation = Dear { $name },
with-time = { $what } ({ $at }).
without-time = { $what }.
headline-created = A new game: { $white } against { $black }, rules { $rules }, time control { $control }
headline-moved = { $mover } played { $move }
headline-move-recorded = A move was recorded
headline-draw-offered = { $by } offers a draw
headline-draw-accepted = { $by } accepts { $other }'s draw offer: the game is drawn
headline-draw-declined = { $by } declines { $other }'s draw offer; the game goes on
headline-resigned = { $by } resigns
headline-adjudicated = The director has decided the game: { $outcome }, { $reason }
headline-leave = { $by } is on leave from { $from } to { $to }: { $name }'s clock does not run on those days

## Whose move it is.
turn-yours = { $name }, it is your move.
turn-yours-to-choose = { $name }, it is your turn.
turn-in-check = You are in check.
turn-waiting = Waiting for { $name }'s move.
state-over = Game over: { $outcome }.
state-over-because = Game over: { $outcome } ({ $reason }).
state-checkmate = Checkmate: { $winner } wins.
state-stalemate = Stalemate: the game is drawn.
state-in-check = { $side } to move, in check.
state-to-move = { $side } to move.

## The subject.
subject = Dynamo: { $white } – { $black }, { $what } — { $tail }
subject-check = (check)
subject-your-move = your move
subject-to-move = { $name } to move
subject-game-over = game over, { $outcome }
summary-new-game = new game
summary-move = move
summary-draw-offered = { $by } offers a draw
summary-draw-agreed = draw agreed
summary-draw-declined = { $by } declines the draw
summary-resigned = { $by } resigns
summary-adjudicated = adjudicated
summary-leave = { $by } on leave { $from } to { $to }
summary-chose = { $by } chose a { $piece ->
    [pawn] pawn
    [knight] knight
    [bishop] bishop
    [rook] rook
    [queen] queen
   *[king] king
}

## The game's lines.
event-round = Round { $round }
event-name = Event: { $event }
event-name-round = Event: { $event }, round { $round }
last-move = Last move: { $move } by { $name }, received { $at }
no-moves = No moves yet.
result = Result: { $outcome } — { $reason }
leave-now = Leave: { $name } is on leave until { $to }; { $name }'s clock is stopped.
leave-coming = Leave: { $name } will be on leave from { $from } to { $to }; { $name }'s clock will not run on those days.
draw-standing = Draw offer: { $by } has offered a draw; it stands until { $other } accepts or declines it, or moves.
lost = Off the board: { $white }; { $black }.
lost-side = { $side } lost { $what }
lost-nothing = nothing

## The plain-text copy's headings and signature.
how-to-reply = How to reply
moves-heading = Moves:
moves-none = (none)
fen-before = Board before the last move (no-undo rule): { $fen }
signature = Sent by dynamo, the Dynamo Chess adjudicator.

## A valid reply token from an address that is not the player's: a note
## to the player's own address, never to the sender.
stranger-note = A mail with the reply token of your notice came at { $at } from { $from }, which is not your address for this game: nothing was recorded, and its sender gets no answer.
stranger-note-next = If it was you, send your reply again from this address, or ask the director to change your address for your games.
