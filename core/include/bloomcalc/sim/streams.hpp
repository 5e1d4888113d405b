// Message streams for the simulator, and the ground truth of what the filter should remember.
//   fresh:  an unbounded stream of new messages, ids 0, 1, 2, … (the papers' count-instance setting)
//   pool:   every arrival is one of P messages, uniformly at random (002 §V-A: "drawn uniformly from a
//           pre-generated distribution of 1000 messages")
//   fading: with probability q a brand-new message, otherwise a repeat of a recent one whose age
//           a = ⌊W·u1·u2⌋ (u1, u2 uniform) among the last W new messages: popularity fades with age
//           (density ∝ −ln(a/W)). Integer arithmetic only (the same stream natively and in wasm).
// "Known" means inserted since the structure's memory horizon began: the current cycle (one-phase)
// or the current and the previous cycle (two-phase). A message that is not known is *new* to the
// filter (002 §II-E: the i-th new message of a cycle); its first arrival decides its false positive.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bloomcalc/sim/hashing.hpp"

namespace bloomcalc {

enum class StreamKind { fresh, pool, fading };
StreamKind parse_stream(const std::string& text);  // "fresh" | "pool" | "fading"
const char* to_string(StreamKind s);

constexpr std::uint64_t kMaxPool = std::uint64_t{1} << 22;    // pool messages (17 bytes of truth each)
constexpr std::uint64_t kMaxWindow = std::uint64_t{1} << 20;  // fading window

struct StreamSpec {
    StreamKind kind = StreamKind::fresh;
    std::uint64_t pool = 1000;    // pool: P messages
    double new_fraction = 0.5;    // fading: q, probability that an arrival is a brand-new message
    std::uint64_t window = 1000;  // fading: W, the repeats' window of recent new messages
};

struct Message {
    std::uint64_t id = 0;
    bool first_ever = true;  // never arrived before (a negative answer to a later arrival is a false negative)
    bool known = false;      // inserted within the memory horizon: a repeat for the filter
    bool fp_flag = false;    // known: whether its first arrival in the horizon was a false positive
};

class MessageStream {
public:
    MessageStream(const StreamSpec& spec, std::uint64_t seed);

    // The next arrival; `cycle` is the structure's current cycle and `span` its horizon (0 or 1).
    Message next(std::uint64_t cycle, std::uint64_t span) {
        Message msg = draw();
        classify(msg, cycle, span);
        return msg;
    }

    // The next arrival's id alone: the RNG and the id counter only, never the ground truth, so a batch of
    // arrivals can be drawn ahead of the structure (docs/simulation.md, "Batched probes"); classify() then
    // says at its arrival whether it is known.
    Message draw() {
        Message msg;
        switch (spec_.kind) {
        case StreamKind::fresh: msg.id = next_id_++; break;
        case StreamKind::pool: msg.id = uniform_below(rng_.next(), static_cast<std::uint32_t>(spec_.pool)); break;
        case StreamKind::fading: {
            if (next_id_ == 0 || rng_.next() < new_threshold_) {
                msg.id = next_id_++;
                break;  // brand new: never known
            }
            // The age from a second, independent word (u1, u2 its halves): the word that decided "repeat" is
            // conditioned on u ≥ q and would skew the ages.
            const std::uint64_t u = rng_.next();
            const std::uint64_t span_ids = next_id_ < spec_.window ? next_id_ : spec_.window;
            const std::uint64_t age = (((u & 0xffffffffULL) * (u >> 32)) >> 32) * span_ids >> 32;
            msg.id = next_id_ - 1 - age;
            msg.first_ever = false;
            break;
        }
        }
        return msg;
    }

    // A drawn message at its arrival: first ever, known within the horizon, its flag (the ground truth as of now).
    void classify(Message& msg, std::uint64_t cycle, std::uint64_t span) const {
        if (spec_.kind == StreamKind::fresh || (spec_.kind == StreamKind::fading && msg.first_ever)) return;
        const std::size_t slot = static_cast<std::size_t>(msg.id & mask_);
        if (spec_.kind == StreamKind::pool) msg.first_ever = !seen_[slot];
        if ((spec_.kind == StreamKind::pool || tag_[slot] == msg.id) && stamp_[slot] != kNever &&
            stamp_[slot] + span >= cycle) {
            msg.known = true;
            msg.fp_flag = flag_[slot] != 0;
        }
    }

    // After the arrival: the message is in the structure's memory as of cycle `stamp` (a message
    // forgotten by a non-retaining recycle gets the old cycle); `fp_flag` as in Message.
    void record(const Message& msg, std::uint64_t stamp, bool fp_flag) {
        if (spec_.kind == StreamKind::fresh) return;
        const std::size_t slot = static_cast<std::size_t>(msg.id & mask_);
        if (spec_.kind == StreamKind::pool)
            seen_[slot] = 1;
        else
            tag_[slot] = msg.id;
        stamp_[slot] = stamp;
        flag_[slot] = fp_flag;
    }

    // Every arrival a message never seen before: no ground truth to consult or keep.
    bool fresh() const { return spec_.kind == StreamKind::fresh; }

    // Bytes of ground-truth state this stream allocates.
    static std::uint64_t memory_bytes(const StreamSpec& spec);

private:
    static constexpr std::uint64_t kNever = ~std::uint64_t{0};
    StreamSpec spec_;
    Rng rng_;
    std::uint64_t next_id_ = 0;
    std::uint64_t new_threshold_ = 0;
    std::uint64_t mask_ = 0;
    std::vector<std::uint64_t> tag_, stamp_;
    std::vector<std::uint8_t> flag_, seen_;
};

}  // namespace bloomcalc
