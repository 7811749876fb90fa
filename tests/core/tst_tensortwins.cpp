// An address-less tensor row is paired with its addressed twin (walk 27: the drill-down's list of the demo's
// MatMulV2-op1 in step 1 showed only "operator_memory.csv line 34", address none recorded, while
// memory_usage.csv holds the same allocation 0.57 µs after the op's end, at 0x12c100000000, bank 1). The
// expected twins come from the demo's files: its writer puts each allocation on the same line of both
// (line N of operator_memory.csv is line N of memory_usage.csv); a row is ambiguous when another row of its
// size was allocated within the window (operator_memory.csv's own times, exact to the ns).
#include "core/analysis/twintimes.h"
#include "core/query/analysisqueries.h"
#include "core/query/tensortext.h"
#include "core/query/tensortwins.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>
#include <fstream>

using namespace rs;
namespace fs = std::filesystem;

namespace {
/// The cells of a CSV line split at commas (the demo's files quote nothing in these columns).
std::vector<std::string> cells(const std::string& line) {
    std::vector<std::string> out(1);
    for (char ch : line)
        if (ch == ',')
            out.emplace_back();
        else
            out.back().push_back(ch);
    return out;
}
/// "1736408883000295.329\t" (µs, 3 decimals) in ns, read as text so no double rounds it.
int64_t usToNs(std::string s) {
    s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == '\t' || c == ' '; }), s.end());
    const size_t dot = s.find('.');
    std::string frac = dot == std::string::npos ? "" : s.substr(dot + 1);
    frac.resize(3, '0');
    return std::stoll(s.substr(0, dot)) * 1000 + std::stoll(frac);
}
/// The data lines of `p`, keyed by their line number in the file (the header is line 1).
std::vector<std::pair<int, std::vector<std::string>>> dataLines(const fs::path& p) {
    std::ifstream in(p);
    std::vector<std::pair<int, std::vector<std::string>>> out;
    int n = 0;
    for (std::string l; std::getline(in, l);)
        if (++n > 1 && !l.empty()) out.push_back({n, cells(l)});
    return out;
}
fs::path rankOutput(const std::string& root, int rank) {
    for (const auto& e : fs::directory_iterator(root))
        if (fs::exists(e.path() / ("profiler_info_" + std::to_string(rank) + ".json")))
            return e.path() / "ASCEND_PROFILER_OUTPUT";
    return {};
}
} // namespace

class TstTensorTwins : public QObject {
    Q_OBJECT
    std::string m_dir;
    test::Indexed m_ix;

  private slots:
    void initTestCase() {
        m_dir = test::tempDir("tensortwins") + "/d";
        m_ix = test::indexedDemo(m_dir, test::demoOptions(2, 12, 2));
        QVERIFY2(m_ix.result.ok, m_ix.result.error.c_str());
    }
    void everyOperatorMemoryRowFindsItsLineOrSaysAmbiguous() {
        const fs::path out = rankOutput(m_dir, 0);
        const auto om = dataLines(out / "operator_memory.csv"), mu = dataLines(out / "memory_usage.csv");
        QCOMPARE(om.size(), mu.size());
        int paired = 0, ambiguous = 0;
        for (size_t i = 0; i < om.size(); ++i) {
            const auto& [line, c] = om[i];
            query::TensorItem t; // the row as the index holds it: keyed by its line, no address
            t.tensorId = "om" + std::to_string(line);
            t.sizeBytes = int64_t(std::llround(std::stod(c[1]) * 1024));
            t.allocNs = usToNs(c[2]);
            t.source = "operator_memory";
            int near = 0; // rows of its size allocated within the window, itself included
            for (const auto& [l2, c2] : om)
                near += int64_t(std::llround(std::stod(c2[1]) * 1024)) == t.sizeBytes &&
                        std::abs(usToNs(c2[2]) - *t.allocNs) <= query::kTwinToleranceNs;
            std::vector<query::TensorItem> rows{t};
            const int64_t n = query::pairAddressTwins(*m_ix.db, 0, rows);
            QCOMPARE(rows.size(), size_t(1));
            if (near > 1) { // twins of one size and time: any could be it
                ++ambiguous;
                QCOMPARE(n, int64_t(0));
                QVERIFY(!rows[0].addr);
                QVERIFY2(rows[0].twinCandidates > 1, t.tensorId.c_str());
                QVERIFY(query::noAddressText(rows[0]).find("ambiguous") != std::string::npos);
                continue;
            }
            ++paired;
            QCOMPARE(n, int64_t(1));
            QCOMPARE(rows[0].tensorId, mu[i].second[1]); // memory_usage.csv's tensor_id on that line
            QCOMPARE(rows[0].addr.value_or(0), std::stoull(mu[i].second[6], nullptr, 16));
            QCOMPARE(rows[0].twinOf, "operator_memory.csv line " + std::to_string(line));
        }
        QVERIFY(paired > 0 && ambiguous > 0); // both kinds occur: parameters share a size and a time
    }
    void anAddressedTwinHasTheTimesOfTheLineItCites() {
        // walk 52: the demo's t0_s1_a0 (memory_usage.csv) read "allocated at +296 µs" and cited
        // "operator_memory.csv line 34", which records 295.329 µs: its time came from its step position,
        // rounded to 4 decimals (295.901 µs). An allocation with one twin each way (no other row of its size
        // within twice the window: a rounded position cannot reach another) has the cited line's times.
        const fs::path out = rankOutput(m_dir, 0);
        const auto om = dataLines(out / "operator_memory.csv"), mu = dataLines(out / "memory_usage.csv");
        QCOMPARE(om.size(), mu.size());
        auto size = [](const std::vector<std::string>& c) {
            return int64_t(std::llround(std::stod(c[1]) * 1024));
        };
        int checked = 0, freed = 0;
        for (size_t i = 0; i < om.size(); ++i) {
            const auto& c = om[i].second;
            const int64_t alloc = usToNs(c[2]);
            int near = 0;
            for (const auto& [l2, c2] : om)
                near += size(c2) == size(c) && std::abs(usToNs(c2[2]) - alloc) <= 2 * query::kTwinToleranceNs;
            if (near > 1) continue;
            const std::string id = mu[i].second[1];
            auto q =
                m_ix.db->prepare("SELECT alloc_ns, free_ns FROM tensor WHERE rank = 0 AND tensor_id = ?");
            q.bind(1, id);
            QVERIFY2(q.step(), id.c_str());
            QCOMPARE(q.i64(0), alloc);
            const bool released = !c[3].empty() && c[3] != "\t";
            if (released && !q.isNull(1)) {
                QCOMPARE(q.i64(1), usToNs(c[3]));
                ++freed;
            }
            ++checked;
        }
        QVERIFY2(checked > 100 && freed > 0,
                 qPrintable(QString("%1 rows, %2 freed").arg(checked).arg(freed)));
    }
    void aStepPositionKeepsItsTimeWhenTheTwinIsNotKnown() {
        auto row = [](int64_t rowid, int64_t ns, bool addressed) {
            analysis::TensorRow r;
            r.rowid = rowid;
            r.sizeBytes = 4096;
            r.allocNs = ns;
            if (addressed) r.addr = 0x1000 + rowid;
            r.source = addressed ? "memory_usage" : "operator_memory";
            return r;
        };
        // one twin each way: the recorded time
        std::vector<analysis::TensorRow> rows{row(1, 100000, true), row(2, 99500, false)};
        QCOMPARE(analysis::adoptTwinTimes(rows), std::vector<size_t>{0});
        QCOMPARE(*rows[0].allocNs, int64_t(99500));
        // two recorded rows near it: either could be it
        rows = {row(1, 100000, true), row(2, 99500, false), row(3, 101000, false)};
        QVERIFY(analysis::adoptTwinTimes(rows).empty());
        QCOMPARE(*rows[0].allocNs, int64_t(100000));
        // its one twin has another addressed row near it: which one it records is not known
        rows = {row(1, 100000, true), row(2, 102000, false), row(4, 108000, true)};
        QVERIFY(analysis::adoptTwinTimes(rows).empty());
        QCOMPARE(*rows[0].allocNs, int64_t(100000));
    }
    void theOpsListShowsTheTwin() {
        // MatMulV2-op1 of step 1 on rank 0: the kernel line of kernel_details.csv gives its window; its
        // allocation is operator_memory.csv's row of that op at the kernel's end
        const fs::path out = rankOutput(m_dir, 0);
        int64_t start = 0, dur = 0;
        for (const auto& [line, c] : dataLines(out / "kernel_details.csv"))
            if (c[0] == "1" && c[4].ends_with("/MatMulV2-op1")) start = usToNs(c[8]), dur = usToNs(c[9]);
        QVERIFY(dur > 0);
        auto q = m_ix.db->prepare("SELECT value FROM string WHERE value LIKE '%/MatMulV2-op1' LIMIT 1");
        QVERIFY(q.step());
        const std::string name = q.text(0);
        const query::TensorRows list =
            query::loadOpTensorRows(*m_ix.db, 0, name, "MatMulV2", start, start + dur);
        QCOMPARE(list.rows.size(), size_t(1));
        const auto& t = list.rows[0];
        QVERIFY(t.addr.has_value()); // was none recorded: operator_memory.csv's row alone
        const auto om = dataLines(out / "operator_memory.csv"), mu = dataLines(out / "memory_usage.csv");
        size_t i = 0;
        while (i < om.size() && !(om[i].second[0] == "MatMulV2" && usToNs(om[i].second[2]) == start + dur))
            ++i;
        QVERIFY(i < om.size());
        QCOMPARE(t.tensorId, mu[i].second[1]);
        QCOMPARE(*t.addr, std::stoull(mu[i].second[6], nullptr, 16));
        QVERIFY(t.bank.has_value());
        QVERIFY(t.freeNs.has_value());
        QCOMPARE(list.withoutAddressLeftOut, int64_t(1));
    }
};

QTEST_GUILESS_MAIN(TstTensorTwins)
#include "tst_tensortwins.moc"
