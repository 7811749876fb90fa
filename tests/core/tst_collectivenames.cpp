// What producers' names say about collectives (core/import/collectivenames.h, the one place that knows):
// each name's task role, collective, point-to-point flag and how its instances are told apart, whether a
// device task of that name computes and whether it is communication wherever it runs, and the role of a
// lane from its kind and name.
#include "core/import/collectivenames.h"

#include <QtTest>

using namespace rs;
using model::MatchBy;
using model::TaskRole;
using model::TrackKind;
using model::TrackRole;

class TstCollectiveNames : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void names_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("task");
        QTest::addColumn<QString>("collective");
        QTest::addColumn<bool>("p2p");
        QTest::addColumn<bool>("byOrder");
        const int kernel = int(TaskRole::CollectiveKernel), none = int(TaskRole::None);
        QTest::newRow("hccl") << "hcom_allReduce__586_0_1" << kernel << "hcom_allReduce_" << false << false;
        QTest::newRow("hccl send") << "hcom_send__822_0_1" << kernel << "hcom_send_" << true << false;
        QTest::newRow("nccl") << "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*)" << kernel
                              << "nccl:AllReduce" << false << true;
        QTest::newRow("nccl dev") << "ncclDevKernel_SendRecv(ncclDevComm*)" << kernel << "nccl:SendRecv"
                                  << true << true;
        QTest::newRow("legacy op") << "AllReduce-op4542" << none << "AllReduce" << false << false;
        QTest::newRow("legacy receive") << "Receive-op12" << none << "Receive" << true << false;
        QTest::newRow("notify wait") << "Notify_Wait" << int(TaskRole::WaitTask) << "Notify_Wait" << false
                                     << false;
        QTest::newRow("notify record")
            << "Notify_Record" << int(TaskRole::SyncTask) << "Notify_Record" << false << false;
        QTest::newRow("a kernel") << "aclnnMm_MatMulCommon_MatMulV2" << none
                                  << "aclnnMm_MatMulCommon_MatMulV2" << false << false;
    }
    void names() {
        QFETCH(QString, name);
        QFETCH(int, task);
        QFETCH(QString, collective);
        QFETCH(bool, p2p);
        QFETCH(bool, byOrder);
        const model::NameFacts f = import::describeName(name.toStdString());
        QCOMPARE(int(f.task), task);
        QCOMPARE(QString::fromStdString(f.collective), collective);
        QCOMPARE(f.pointToPoint, p2p);
        QCOMPARE(f.matchBy == MatchBy::KindAndOrder, byOrder);
    }
    void hostOpWords_data() {
        QTest::addColumn<QString>("word");
        QTest::addColumn<QString>("collective");
        // PyTorch's nccl:<word> annotations, c10d::<word>_ ops and record_param_comms' "Collective name"
        // (formats.md §5), spelled as the NCCL kernels spell their collective
        QTest::newRow("annotation") << "all_reduce"
                                    << "nccl:AllReduce";
        QTest::newRow("record_param_comms") << "allreduce"
                                            << "nccl:AllReduce";
        QTest::newRow("base suffix") << "_all_gather_base"
                                     << "nccl:AllGather";
        QTest::newRow("reduce-scatter before reduce") << "_reduce_scatter_base"
                                                      << "nccl:ReduceScatter";
        QTest::newRow("reduce") << "reduce"
                                << "nccl:Reduce";
        QTest::newRow("all-to-all") << "all_to_all"
                                    << "nccl:AllToAll";
        QTest::newRow("c10d all-to-all") << "alltoall_base_"
                                         << "nccl:AllToAll";
        QTest::newRow("send") << "send"
                              << "nccl:Send";
        QTest::newRow("recv any source") << "recv_any_source_"
                                         << "nccl:Recv";
        QTest::newRow("broadcast") << "broadcast"
                                   << "nccl:Broadcast";
        QTest::newRow("barrier names none") << "barrier"
                                            << "";
        QTest::newRow("coalesced names none") << "coalesced"
                                              << "";
    }
    void hostOpWords() {
        QFETCH(QString, word);
        QFETCH(QString, collective);
        QCOMPARE(QString::fromStdString(import::hostOpCollective(word.toStdString())), collective);
    }
    void computeAndCommunication_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("compute");
        QTest::addColumn<bool>("communication");
        QTest::newRow("kernel") << "aclnnMm_MatMulCommon_MatMulV2" << true << false;
        QTest::newRow("ms kernel") << "Default/network/MatMulV2-op12" << true << false;
        QTest::newRow("conv") << "Conv2D1" << true << false;
        QTest::newRow("event wait") << "EVENT_WAIT" << false << false;
        QTest::newRow("event record") << "Event_Record" << false << false;
        QTest::newRow("sdma") << "SDMA" << false << false;
        QTest::newRow("runtime task") << "PROFILING_ENABLE" << false << false;
        QTest::newRow("notify") << "Notify Wait" << false << false;
        QTest::newRow("notify wait") << "Notify_Wait" << false << false;
        QTest::newRow("hcom") << "hcom_allReduce__586_0_1" << false << true;
        QTest::newRow("nccl") << "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*)" << false << true;
        QTest::newRow("nccl dev") << "ncclDevKernel_SendRecv(ncclDevComm*)" << false << true;
        QTest::newRow("nccl record") << "nccl:all_reduce" << true << true;
        QTest::newRow("c10d") << "c10d::allreduce_" << true << true;
        QTest::newRow("gloo") << "gloo:all_reduce" << true << true;
        QTest::newRow("aten") << "aten::broadcast_tensors" << true << false;
        QTest::newRow("empty") << "" << false << false;
        QTest::newRow("digits only") << "1234" << true << false; // no letters: not an all-caps task name
    }
    void computeAndCommunication() {
        QFETCH(QString, name);
        QFETCH(bool, compute);
        QFETCH(bool, communication);
        const model::NameFacts f = import::describeName(name.toStdString());
        QCOMPARE(f.compute, compute);
        QCOMPARE(f.communication, communication);
    }
    void lanes_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("lane");
        QTest::addColumn<int>("role");
        QTest::addColumn<qint64>("plane"); // -1: none
        const int comm = int(TrackKind::Communication);
        QTest::newRow("group") << comm << "Group 7 Communication" << int(TrackRole::CollectiveLane)
                               << qint64(-1);
        QTest::newRow("plane") << comm << "Plane 3" << int(TrackRole::CommPlane) << qint64(3);
        QTest::newRow("plane made unique")
            << comm << "Plane 12 (HCCL)" << int(TrackRole::CommPlane) << qint64(12);
        QTest::newRow("plane without number")
            << comm << "Plane (none)" << int(TrackRole::CommPlane) << qint64(-1);
        QTest::newRow("a compute lane named so")
            << int(TrackKind::Compute) << "Group 1" << int(TrackRole::None) << qint64(-1);
        QTest::newRow("a device lane named as a plane")
            << int(TrackKind::Compute) << "Plane 2" << int(TrackRole::CommPlane) << qint64(2);
        QTest::newRow("a host lane named as a plane")
            << int(TrackKind::Host) << "Plane 2" << int(TrackRole::None) << qint64(-1);
        QTest::newRow("another communication lane")
            << comm << "Stream 5" << int(TrackRole::None) << qint64(-1);
    }
    void lanes() {
        QFETCH(int, kind);
        QFETCH(QString, lane);
        QFETCH(int, role);
        QFETCH(qint64, plane);
        auto [r, p] = import::laneRole(TrackKind(kind), lane.toStdString());
        QCOMPARE(int(r), role);
        QCOMPARE(p ? qint64(*p) : qint64(-1), plane);
    }
};

QTEST_GUILESS_MAIN(TstCollectiveNames)
#include "tst_collectivenames.moc"
