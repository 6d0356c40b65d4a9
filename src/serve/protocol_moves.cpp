#include "serve/protocol_moves.h"

#include "serve/game_session.h"

namespace conquian::serve {
using nlohmann::json;

json protocol_move(const Position& before, const Move& move) { return GameSession::protocol_words(before, move); }

}  // namespace conquian::serve
