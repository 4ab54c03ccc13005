// 100,000 commands with random dependencies across two in-order and two out-of-order queues and
// user events. Every ordering constraint is checked afterwards with profiling timestamps: explicit
// wait lists, user events, in-order queues, markers and barriers. Nothing may be lost.
#include "api/RuntimeTest.h"

#include <algorithm>
#include <random>

namespace weft::test {
namespace {

using Stress = RuntimeTest;

enum class Kind { Transfer, Marker, Barrier };

struct Record {
  cl_event E = nullptr;
  int Queue = 0;
  Kind What = Kind::Transfer;
  std::vector<int> Deps;     // earlier commands in the wait list
  std::vector<int> UserDeps; // user events in the wait list
  cl_ulong Start = 0, End = 0;
};

TEST_F(Stress, HundredThousandCommandsKeepEveryOrder) {
  constexpr int Commands = 100000, NumQueues = 4, NumBuffers = 8;
  constexpr size_t BufferSize = 64 << 10;
  std::mt19937 Rng(12345);
  auto Pick = [&](int N) { return int(Rng() % unsigned(N)); };

  cl_command_queue Q[NumQueues] = {
      queue(CL_QUEUE_PROFILING_ENABLE), queue(CL_QUEUE_PROFILING_ENABLE),
      queue(CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE),
      queue(CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)};
  cl_mem B[NumBuffers];
  for (cl_mem &M : B)
    M = buffer(BufferSize);
  static std::vector<cl_uchar> Source(BufferSize, 0x3c);

  std::vector<Record> R;
  R.reserve(Commands);
  std::vector<cl_event> Users;
  std::vector<cl_ulong> UserSetTime;
  size_t NextUserToSet = 0;
  auto SetUser = [&](size_t U) {
    cl_ulong Now;
    ASSERT_EQ(clGetHostTimer(Device, &Now), CL_SUCCESS);
    UserSetTime[U] = Now;
    ASSERT_EQ(clSetUserEventStatus(Users[U], CL_COMPLETE), CL_SUCCESS);
  };

  for (int I = 0; I < Commands; ++I) {
    if (Pick(100) == 0) {
      Users.push_back(userEvent());
      UserSetTime.push_back(0);
    }
    // Open the oldest user events gradually, so commands really wait on them for a while.
    if (I % 200 == 0)
      while (NextUserToSet + 5 < Users.size())
        SetUser(NextUserToSet++);

    Record Rec;
    Rec.Queue = Pick(NumQueues);
    int Roll = Pick(100);
    Rec.What = Roll < 85 ? Kind::Transfer : Roll < 95 ? Kind::Marker : Kind::Barrier;
    int NumDeps = Pick(4);
    for (int D = 0; D < NumDeps && I > 0; ++D)
      Rec.Deps.push_back(std::max(0, I - 1 - Pick(std::min(I, 2000))));
    if (NextUserToSet < Users.size() && Pick(10) == 0)
      Rec.UserDeps.push_back(int(NextUserToSet + Pick(int(Users.size() - NextUserToSet))));
    std::vector<cl_event> Wait;
    for (int D : Rec.Deps)
      Wait.push_back(R[D].E);
    for (int U : Rec.UserDeps)
      Wait.push_back(Users[U]);
    cl_uint N = cl_uint(Wait.size());
    const cl_event *List = N ? Wait.data() : nullptr;
    cl_command_queue CQ = Q[Rec.Queue];
    cl_int Err = CL_SUCCESS;
    switch (Rec.What) {
    case Kind::Transfer: {
      int Src = Pick(NumBuffers), Dst = (Src + 1 + Pick(NumBuffers - 1)) % NumBuffers;
      size_t Offset = size_t(Pick(int(BufferSize / 256))) * 256;
      switch (Pick(3)) {
      case 0:
        Err = clEnqueueWriteBuffer(CQ, B[Dst], CL_FALSE, Offset, 64, Source.data(), N, List,
                                   &Rec.E);
        break;
      case 1:
        Err = clEnqueueCopyBuffer(CQ, B[Src], B[Dst], Offset, Offset, 256, N, List, &Rec.E);
        break;
      default: {
        cl_uint Pattern = cl_uint(I);
        Err = clEnqueueFillBuffer(CQ, B[Dst], &Pattern, 4, Offset, 128, N, List, &Rec.E);
      }
      }
      break;
    }
    case Kind::Marker:
      Err = clEnqueueMarkerWithWaitList(CQ, N, List, &Rec.E);
      break;
    case Kind::Barrier:
      Err = clEnqueueBarrierWithWaitList(CQ, N, List, &Rec.E);
      break;
    }
    ASSERT_EQ(Err, CL_SUCCESS) << "command " << I;
    R.push_back(std::move(Rec));
  }
  // The run must really have made commands wait: some are still blocked on unopened user events.
  size_t Waiting = 0;
  for (const Record &Rec : R)
    Waiting += eventStatus(Rec.E) != CL_COMPLETE;
  EXPECT_GT(Waiting, 50u);
  while (NextUserToSet < Users.size())
    SetUser(NextUserToSet++);
  for (cl_command_queue CQ : Q)
    ASSERT_EQ(clFinish(CQ), CL_SUCCESS);

  // Nothing lost: every command completed.
  for (size_t I = 0; I < R.size(); ++I) {
    ASSERT_EQ(eventStatus(R[I].E), CL_COMPLETE) << "command " << I;
    R[I].Start = profile(R[I].E, CL_PROFILING_COMMAND_START);
    R[I].End = profile(R[I].E, CL_PROFILING_COMMAND_END);
    ASSERT_LE(R[I].Start, R[I].End);
  }

  size_t Checked = 0;
  std::vector<int> PrevInQueue(NumQueues, -1), LastBarrier(NumQueues, -1);
  std::vector<cl_ulong> MaxEndInQueue(NumQueues, 0);
  for (size_t I = 0; I < R.size(); ++I) {
    const Record &C = R[I];
    // Explicit wait lists.
    for (int D : C.Deps) {
      ASSERT_LE(R[D].End, C.Start) << "command " << I << " started before its dependency " << D;
      ++Checked;
    }
    for (int U : C.UserDeps) {
      ASSERT_LE(UserSetTime[U], C.Start) << "command " << I << " started before user event " << U;
      ++Checked;
    }
    bool InOrder = C.Queue < 2;
    if (InOrder && PrevInQueue[C.Queue] >= 0) {
      ASSERT_LE(R[PrevInQueue[C.Queue]].End, C.Start) << "in-order queue overlapped at " << I;
      ++Checked;
    }
    if (!InOrder) {
      // After a barrier, nothing starts before it ends.
      if (LastBarrier[C.Queue] >= 0) {
        ASSERT_LE(R[LastBarrier[C.Queue]].End, C.Start) << "command " << I << " passed a barrier";
        ++Checked;
      }
      // A marker or barrier with no wait list waits for every earlier command of its queue.
      if (C.What != Kind::Transfer && C.Deps.empty() && C.UserDeps.empty()) {
        ASSERT_LE(MaxEndInQueue[C.Queue], C.Start) << "marker/barrier " << I << " ran early";
        ++Checked;
      }
      if (C.What == Kind::Barrier)
        LastBarrier[C.Queue] = int(I);
    }
    PrevInQueue[C.Queue] = int(I);
    MaxEndInQueue[C.Queue] = std::max(MaxEndInQueue[C.Queue], C.End);
  }
  EXPECT_GT(Checked, size_t(Commands)) << "the run must exercise many constraints";

  for (Record &Rec : R)
    clReleaseEvent(Rec.E);
  for (cl_event U : Users)
    clReleaseEvent(U);
  for (cl_mem M : B)
    clReleaseMemObject(M);
}

} // namespace
} // namespace weft::test
