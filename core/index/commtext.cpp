#include "core/index/commtext.h"

#include <algorithm>

namespace rs::index {

const std::vector<std::string>& commTextColumns() {
    static const std::vector<std::string> c{"kind_id",  "op_id",        "entry_id",    "sample_id",
                                            "group_id", "transport_id", "op_names_id", "source_id"};
    return c;
}

CommTextInterner::CommTextInterner(Db& db)
    : m_insert(db.prepare("INSERT INTO comm_text(value) VALUES(?) RETURNING id")) {
    auto q = db.prepare("SELECT id, value FROM comm_text"); // none in a fresh index; kept if there are
    while (q.step())
        m_ids.emplace(q.text(1), q.i64(0));
}

int64_t CommTextInterner::id(std::string_view value) {
    if (auto it = m_ids.find(std::string(value)); it != m_ids.end()) return it->second;
    m_insert.bind(1, value);
    m_insert.step();
    const int64_t id = m_insert.i64(0);
    m_insert.reset();
    m_ids.emplace(std::string(value), id);
    return id;
}

void mergeCommText(Db& db, const std::string& schema) {
    db.exec("INSERT OR IGNORE INTO main.comm_text(value) SELECT value FROM " + schema +
            ".comm_text ORDER BY id; DROP TABLE IF EXISTS temp.comm_text_map; CREATE TEMP TABLE "
            "comm_text_map(old INTEGER PRIMARY KEY, new INTEGER NOT NULL); INSERT INTO temp.comm_text_map "
            "SELECT s.id, m.id FROM " +
            schema + ".comm_text s JOIN main.comm_text m ON m.value = s.value");
}

std::string remappedCommLinkSrcColumns(Db& db, const std::string& schema) {
    const auto& ids = commTextColumns();
    std::string out;
    auto q = db.prepare("SELECT name FROM pragma_table_info('comm_link_src', ?) ORDER BY cid");
    q.bind(1, schema);
    while (q.step()) {
        const std::string c = q.text(0);
        out += out.empty() ? "" : ", ";
        out += std::find(ids.begin(), ids.end(), c) == ids.end()
                   ? c
                   : "(SELECT new FROM temp.comm_text_map WHERE old = " + c + ") AS " + c;
    }
    return out;
}

} // namespace rs::index
