#include "core/query/bankcheck.h"

namespace rs::query {

BankCheck bankCheck(index::Db& db) {
    // memory_banks writes base_addr where it placed a rank's tensors, and bank_count 0 where the addresses
    // are a GPU's (Kineto)
    if (db.scalar("SELECT count(*) FROM memory_summary WHERE bank_count > 0 AND base_addr IS NOT NULL") > 0)
        return {true, ""};
    if (db.scalar("SELECT count(*) FROM memory_summary WHERE bank_count = 0") > 0)
        return {false,
                "a Kineto profile's tensor addresses are the CUDA caching allocator's, to which no HBM "
                "bank model applies"};
    return {false, "no tensor addresses recorded"};
}

} // namespace rs::query
