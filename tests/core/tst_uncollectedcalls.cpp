// The report's line on communication calls no collective stands for (core/query/uncollectedcalls.h), on
// hand-built one-rank Kineto traces: a call of no length that starts where the call before it ends is a
// call of its own, not one nested in it; and records whose args give a one-rank group as its first rank and
// size ("Global rank start" 0, "Group size" 1, no "Process Group Ranks") are counted with the one-rank
// records, their reason worded as such (not "or no group ranks in the args", not "no root").
#include "core/model/commrows.h"
#include "core/query/report.h"
#include "core/query/uncollectedcalls.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

namespace {

/// A complete event of `cat` on the one host thread (times µs).
std::string x(const std::string& name, const std::string& cat, int64_t ts, int64_t dur,
              const std::string& args = "{}") {
    return "{\"ph\":\"X\",\"cat\":\"" + cat + "\",\"name\":\"" + name +
           "\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(ts) + ",\"dur\":" + std::to_string(dur) +
           ",\"args\":" + args + "}";
}

/// record_param_comms' args for `collective` of one External id, the group given as first rank and size.
std::string groupBySize(const std::string& collective, int id) {
    return "{\"External id\":" + std::to_string(id) + ",\"Collective name\":\"" + collective +
           "\",\"dtype\":\"Float\",\"In msg nelems\":1024,\"Out msg nelems\":1024,\"Global rank start\":0,"
           "\"Group size\":1,\"Global rank stride\":1}";
}

/// A one-rank Kineto profile of `events` in a fresh folder `tag`.
std::string writeTrace(const std::string& tag, const std::vector<std::string>& events) {
    const std::string dir = test::tempDir(tag);
    std::string ev;
    for (const auto& e : events)
        ev += (ev.empty() ? "" : ",\n") + e;
    test::writeFile(
        dir + "/rank-0.pt.trace.json",
        "{\"schemaVersion\":1,\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":0,\"world_size\":1},"
        "\"traceEvents\":[" +
            ev + "]}");
    return dir;
}

} // namespace

class TstUncollectedCalls : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void aCallOfNoLengthAtTheEndOfAnotherIsACall() {
        // three c10d calls on one thread: [100, 110) with its nccl annotation inside (the same call), one
        // of no length at 110 (the first one's end: after it, not in it), and one of no length at 200
        auto ix = test::indexDir(writeTrace(
            "uncollected-zero",
            {x("c10d::allreduce_", "cpu_op", 100, 10), x("nccl:all_reduce", "user_annotation", 102, 5),
             x("c10d::allreduce_", "cpu_op", 110, 0), x("c10d::allreduce_", "cpu_op", 200, 0)}));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM span s JOIN string n ON n.id = s.name_id WHERE n.value = "
                           "'c10d::allreduce_'"),
                 3); // every call indexed, the ones of no length too
        const auto calls = query::uncollectedCallsJson(*ix.db);
        QVERIFY2(calls.is_object(), calls.dump().c_str());
        QCOMPARE(calls["count"].get<int64_t>(), 3);
        QCOMPARE(QString::fromStdString(calls["names"].dump()), QString("[\"c10d::allreduce_\"]"));
    }

    void aOneRankGroupGivenByItsSizeIsCountedAsOne() {
        // two allreduce and one broadcast record of a group given as "Global rank start" 0 and "Group size"
        // 1, each inside its c10d call: three calls, three records of a one-rank group (a broadcast's
        // group of one rank is the cause too, not its missing root)
        std::vector<std::string> ev;
        const char* ops[] = {"allreduce", "allreduce", "broadcast"};
        for (int i = 0; i < 3; ++i) {
            const int64_t at = 1000 + 100 * i;
            ev.push_back(x(std::string("c10d::") + ops[i] + "_", "cpu_op", at, 50));
            ev.push_back(x("record_param_comms", "cpu_op", at + 5, 20, groupBySize(ops[i], 10 + i)));
        }
        auto ix = test::indexDir(writeTrace("uncollected-onerank", ev));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const std::string prefix = model::kKinetoUnplacedWhat;
        QCOMPARE(ix.rows("SELECT substr(what, " + std::to_string(prefix.size() + 1) +
                         "), sum(count) FROM diagnostics WHERE what LIKE '" + prefix + "%' GROUP BY 1"),
                 std::vector<std::string>{std::string(model::kKinetoOneRankBySizeWhy) + "|3"});
        const auto calls = query::uncollectedCallsJson(*ix.db);
        QVERIFY2(calls.is_object(), calls.dump().c_str());
        QCOMPARE(calls.value("one_rank_group_records", int64_t(0)), int64_t(3));
        const std::string text = query::formatReport(query::buildReport(*ix.db, 10), 10);
        QVERIFY2(text.find("3 records of their args name a one-rank process group") != std::string::npos,
                 text.c_str());
    }
};

QTEST_GUILESS_MAIN(TstUncollectedCalls)
#include "tst_uncollectedcalls.moc"
