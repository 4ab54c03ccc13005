// Shared virtual memory (runtime/api/Svm.cpp) through the ICD loader: allocation and its errors,
// kernels that follow pointers through SVM and through plain host memory (fine-grained system
// SVM), atomics the host sees, the SVM commands, buffers over SVM, and allocation from many
// threads at once.
#include "api/KernelFixture.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace weft::test {
namespace {

class Svm : public KernelApi {};

TEST_F(Svm, DeviceReportsEveryLevel) {
  EXPECT_EQ(deviceValue<cl_device_svm_capabilities>(Device, CL_DEVICE_SVM_CAPABILITIES),
            cl_device_svm_capabilities(CL_DEVICE_SVM_COARSE_GRAIN_BUFFER | CL_DEVICE_SVM_FINE_GRAIN_BUFFER |
                                       CL_DEVICE_SVM_FINE_GRAIN_SYSTEM | CL_DEVICE_SVM_ATOMICS));
}

TEST_F(Svm, AllocationsAndTheirErrors) {
  for (cl_svm_mem_flags Flags :
       {cl_svm_mem_flags(0), cl_svm_mem_flags(CL_MEM_READ_ONLY), cl_svm_mem_flags(CL_MEM_WRITE_ONLY),
        cl_svm_mem_flags(CL_MEM_SVM_FINE_GRAIN_BUFFER),
        cl_svm_mem_flags(CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS)}) {
    void *P = clSVMAlloc(Ctx, Flags, 1000, 0);
    ASSERT_NE(P, nullptr) << Flags;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(P) % 128, 0u) << "the default: long16's alignment";
    std::memset(P, 0x5a, 1000);
    clSVMFree(Ctx, P);
  }
  void *Page = clSVMAlloc(Ctx, CL_MEM_READ_WRITE, 10, 4096);
  ASSERT_NE(Page, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(Page) % 4096, 0u);
  // NULL for an invalid combination, size or alignment, and for an invalid context.
  cl_ulong MaxAlloc = deviceValue<cl_ulong>(Device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  EXPECT_EQ(clSVMAlloc(Ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, 0), nullptr);
  EXPECT_EQ(clSVMAlloc(Ctx, CL_MEM_SVM_ATOMICS, 64, 0), nullptr) << "atomics need fine grain";
  EXPECT_EQ(clSVMAlloc(Ctx, CL_MEM_USE_HOST_PTR, 64, 0), nullptr);
  EXPECT_EQ(clSVMAlloc(Ctx, 0, 0, 0), nullptr);
  EXPECT_EQ(clSVMAlloc(Ctx, 0, MaxAlloc + 1, 0), nullptr);
  EXPECT_EQ(clSVMAlloc(Ctx, 0, 64, 3), nullptr);
  EXPECT_EQ(clSVMAlloc(nullptr, 0, 64, 0), nullptr);
  // Frees of NULL, of memory clSVMAlloc did not return and with a bad context do nothing.
  int NotSvm = 0;
  clSVMFree(Ctx, nullptr);
  clSVMFree(Ctx, &NotSvm);
  clSVMFree(nullptr, Page);
  clSVMFree(Ctx, Page);
  // What the application never frees goes with the context (the sanitizer builds would
  // report a leak otherwise).
  ASSERT_NE(clSVMAlloc(Ctx, 0, 4096, 0), nullptr);
}

// A linked list built by the host in SVM, walked by the kernel through an SVM pointer argument;
// the same list in plain malloc memory, fine-grained system SVM.
TEST_F(Svm, KernelsFollowPointersThroughSharedMemory) {
  struct Node {
    cl_int Value;
    Node *Next;
  };
  cl_program P = built(R"(
    typedef struct Node { int value; global struct Node *next; } Node;
    kernel void walk(global Node *list, global int *sums) {
      int s = 0;
      for (global Node *n = list; n; n = n->next)
        s += n->value * (int)(get_global_id(0) + 1);
      sums[get_global_id(0)] = s;
    })");
  cl_kernel K = clCreateKernel(P, "walk", nullptr);
  cl_command_queue Q = queue();
  const int Length = 100, Items = 64;
  int Expected = 0;
  for (int I = 0; I < Length; ++I)
    Expected += I * 3 - 7;
  auto Build = [&](Node *Nodes) {
    for (int I = 0; I < Length; ++I)
      Nodes[I] = {I * 3 - 7, I + 1 < Length ? &Nodes[I + 1] : nullptr};
  };
  auto Check = [&](const cl_int *Sums, const char *What) {
    for (int G = 0; G < Items; ++G)
      ASSERT_EQ(Sums[G], Expected * (G + 1)) << What << ", work-item " << G;
  };
  // Coarse-grained SVM: the nodes, and the sums through a pointer into the middle of another
  // allocation.
  auto *Nodes = static_cast<Node *>(clSVMAlloc(Ctx, CL_MEM_READ_WRITE, Length * sizeof(Node), 0));
  auto *Sums = static_cast<cl_int *>(clSVMAlloc(Ctx, CL_MEM_READ_WRITE, (Items + 16) * 4, 0));
  ASSERT_TRUE(Nodes && Sums);
  ASSERT_EQ(clEnqueueSVMMap(Q, CL_TRUE, CL_MAP_WRITE, Nodes, Length * sizeof(Node), 0, nullptr, nullptr),
            CL_SUCCESS);
  Build(Nodes);
  ASSERT_EQ(clEnqueueSVMUnmap(Q, Nodes, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(K, 0, Nodes), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(K, 1, Sums + 16), CL_SUCCESS);
  ASSERT_EQ(clSetKernelExecInfo(K, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(void *), &Nodes), CL_SUCCESS);
  run(Q, K, Items, 16);
  ASSERT_EQ(clEnqueueSVMMap(Q, CL_TRUE, CL_MAP_READ, Sums, (Items + 16) * 4, 0, nullptr, nullptr),
            CL_SUCCESS);
  Check(Sums + 16, "coarse-grained SVM");
  ASSERT_EQ(clEnqueueSVMUnmap(Q, Sums, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  // Fine-grained system SVM: malloc's memory as it is.
  auto *HostNodes = static_cast<Node *>(std::malloc(Length * sizeof(Node)));
  auto *HostSums = static_cast<cl_int *>(std::malloc(Items * 4));
  Build(HostNodes);
  cl_bool System = CL_TRUE;
  ASSERT_EQ(clSetKernelExecInfo(K, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof System, &System),
            CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(K, 0, HostNodes), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(K, 1, HostSums), CL_SUCCESS);
  run(Q, K, Items, 16);
  Check(HostSums, "system SVM");
  // Errors: the argument index, a non-pointer argument, the exec info's name, size and value.
  EXPECT_EQ(clSetKernelArgSVMPointer(K, 2, Nodes), CL_INVALID_ARG_INDEX);
  EXPECT_EQ(clSetKernelArgSVMPointer(nullptr, 0, Nodes), CL_INVALID_KERNEL);
  EXPECT_EQ(clSetKernelExecInfo(K, CL_KERNEL_EXEC_INFO_SVM_PTRS, 3, &Nodes), CL_INVALID_VALUE);
  EXPECT_EQ(clSetKernelExecInfo(K, CL_KERNEL_EXEC_INFO_SVM_PTRS, 0, nullptr), CL_SUCCESS)
      << "an empty list clears the pointers (CTS test_svm)";
  EXPECT_EQ(clSetKernelExecInfo(K, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(void *), nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clSetKernelExecInfo(K, 0x7fff, sizeof System, &System), CL_INVALID_VALUE);
  cl_program Scalar = built("kernel void k(int x, local int *l) {}");
  cl_kernel KS = clCreateKernel(Scalar, "k", nullptr);
  EXPECT_EQ(clSetKernelArgSVMPointer(KS, 0, Nodes), CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clSetKernelArgSVMPointer(KS, 1, Nodes), CL_INVALID_ARG_VALUE);
  clReleaseKernel(KS);
  clReleaseProgram(Scalar);
  std::free(HostNodes);
  std::free(HostSums);
  clSVMFree(Ctx, Nodes);
  clSVMFree(Ctx, Sums);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// Fine-grained SVM with atomics: the kernel's atomic adds at all-devices scope are whole when the
// host reads the counter, and the host's own atomic add on the same memory between two kernels
// counts too.
TEST_F(Svm, AtomicsOnFineGrainedMemoryAreSharedWithTheHost) {
  cl_program P = built(R"(
    kernel void count(global atomic_int *counter) {
      atomic_fetch_add_explicit(counter, 1, memory_order_relaxed, memory_scope_all_svm_devices);
    })",
                       "-cl-std=CL3.0");
  cl_kernel K = clCreateKernel(P, "count", nullptr);
  auto *Counter = static_cast<std::atomic<cl_int> *>(
      clSVMAlloc(Ctx, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS, 64, 0));
  ASSERT_NE(Counter, nullptr);
  new (Counter) std::atomic<cl_int>(0);
  ASSERT_EQ(clSetKernelArgSVMPointer(K, 0, Counter), CL_SUCCESS);
  cl_command_queue Q = queue();
  run(Q, K, 10000, 100);
  Counter->fetch_add(5);
  run(Q, K, 10000, 100);
  EXPECT_EQ(Counter->load(), 20005);
  clSVMFree(Ctx, Counter);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(Svm, CopiesFillsMigrationsAndFrees) {
  cl_command_queue Q = queue();
  const size_t N = 4096;
  auto *A = static_cast<unsigned char *>(clSVMAlloc(Ctx, CL_MEM_READ_WRITE, N, 0));
  auto *B = static_cast<unsigned char *>(clSVMAlloc(Ctx, CL_MEM_SVM_FINE_GRAIN_BUFFER, N, 0));
  ASSERT_TRUE(A && B);
  for (size_t I = 0; I < N; ++I)
    A[I] = static_cast<unsigned char>(I * 7);
  // Copy, blocking and not; the non-blocking one's event completes.
  ASSERT_EQ(clEnqueueSVMMemcpy(Q, CL_TRUE, B, A, N, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(std::memcmp(A, B, N), 0);
  cl_event Copied;
  ASSERT_EQ(clEnqueueSVMMemcpy(Q, CL_FALSE, B + 1, A + 2000, 1000, 0, nullptr, &Copied), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &Copied), CL_SUCCESS);
  cl_command_type Type = 0;
  ASSERT_EQ(clGetEventInfo(Copied, CL_EVENT_COMMAND_TYPE, sizeof Type, &Type, nullptr), CL_SUCCESS);
  EXPECT_EQ(Type, cl_command_type(CL_COMMAND_SVM_MEMCPY));
  clReleaseEvent(Copied);
  EXPECT_EQ(std::memcmp(B + 1, A + 2000, 1000), 0);
  // Fill with an 8-byte pattern over a part, then with one byte.
  const cl_ulong Pattern = 0x0102030405060708ull;
  ASSERT_EQ(clEnqueueSVMMemFill(Q, B + 64, &Pattern, 8, 256, 0, nullptr, nullptr), CL_SUCCESS);
  const unsigned char Byte = 0xee;
  ASSERT_EQ(clEnqueueSVMMemFill(Q, A, &Byte, 1, 10, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  for (size_t I = 0; I < 256; I += 8)
    ASSERT_EQ(std::memcmp(B + 64 + I, &Pattern, 8), 0) << I;
  EXPECT_EQ(B[64 + 256], static_cast<unsigned char>((64 + 256 - 1 + 2000) * 7)) << "past the fill";
  for (size_t I = 0; I < 10; ++I)
    ASSERT_EQ(A[I], 0xee);
  // Migration only orders the queue.
  const void *Both[2] = {A, B + 100};
  const size_t Sizes[2] = {0, 100};
  ASSERT_EQ(clEnqueueSVMMigrateMem(Q, 2, Both, Sizes, CL_MIGRATE_MEM_OBJECT_HOST, 0, nullptr, nullptr),
            CL_SUCCESS);
  // Errors.
  EXPECT_EQ(clEnqueueSVMMemcpy(Q, CL_TRUE, B + 8, B, 16, 0, nullptr, nullptr), CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(clEnqueueSVMMemcpy(Q, CL_TRUE, B, B, 16, 0, nullptr, nullptr), CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(clEnqueueSVMMemcpy(Q, CL_TRUE, nullptr, A, 16, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMemcpy(nullptr, CL_TRUE, B, A, 16, 0, nullptr, nullptr), CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clEnqueueSVMMemFill(Q, B + 1, &Pattern, 8, 64, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMemFill(Q, B, &Pattern, 8, 60, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMemFill(Q, B, &Pattern, 3, 60, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMemFill(Q, B, nullptr, 8, 64, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMap(Q, CL_TRUE, CL_MAP_READ, A, 0, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMap(Q, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, A, 8, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMUnmap(Q, nullptr, 0, nullptr, nullptr), CL_INVALID_VALUE);
  const size_t TooBig[2] = {N + 1, 0};
  EXPECT_EQ(clEnqueueSVMMigrateMem(Q, 2, Both, TooBig, 0, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMigrateMem(Q, 0, Both, Sizes, 0, 0, nullptr, nullptr), CL_INVALID_VALUE);
  void *Pair[2] = {A, B};
  EXPECT_EQ(clEnqueueSVMFree(Q, 0, Pair, nullptr, nullptr, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMFree(Q, 2, nullptr, nullptr, nullptr, 0, nullptr, nullptr), CL_INVALID_VALUE);
  // A free with the application's function: it gets the queue, the list and its data, and
  // frees them itself.
  struct Seen {
    cl_command_queue Q = nullptr;
    std::vector<void *> Pointers;
    cl_context Ctx = nullptr;
  } S;
  S.Ctx = Ctx;
  auto FreeFn = [](cl_command_queue Queue, cl_uint Count, void *Pointers[], void *Data) {
    auto *Into = static_cast<Seen *>(Data);
    Into->Q = Queue;
    Into->Pointers.assign(Pointers, Pointers + Count);
    for (cl_uint I = 0; I < Count; ++I)
      clSVMFree(Into->Ctx, Pointers[I]);
  };
  cl_event Freed;
  ASSERT_EQ(clEnqueueSVMFree(Q, 2, Pair, FreeFn, &S, 0, nullptr, &Freed), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &Freed), CL_SUCCESS);
  clReleaseEvent(Freed);
  EXPECT_EQ(S.Q, Q);
  EXPECT_EQ(S.Pointers, std::vector<void *>({A, B}));
  // Without one, Weft frees them.
  void *C = clSVMAlloc(Ctx, 0, 100, 0);
  ASSERT_EQ(clEnqueueSVMFree(Q, 1, &C, nullptr, nullptr, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
}

// clEnqueueSVMFree's function runs on the thread that makes the command ready. A command it
// enqueues for the device's workers (here a copy large enough to go to them) starts at once, not
// after the function returns: a function that waits for it returns.
TEST_F(Svm, AFreeFunctionMayWaitForACommandItEnqueues) {
  struct Work {
    cl_command_queue Other;
    cl_mem Src, Dst;
    size_t Bytes;
    cl_int Status = 1;
  } W{queue(), buffer(4u << 20), buffer(4u << 20), 4u << 20};
  auto FreeFn = [](cl_command_queue, cl_uint, void *[], void *Data) {
    auto *In = static_cast<Work *>(Data);
    cl_event Copy;
    if (clEnqueueCopyBuffer(In->Other, In->Src, In->Dst, 0, 0, In->Bytes, 0, nullptr, &Copy) !=
        CL_SUCCESS)
      return;
    // Wait without blocking forever if the copy never starts: 10 s, then give up.
    for (int Polls = 0; Polls < 10000 && In->Status > 0; ++Polls) {
      clGetEventInfo(Copy, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof In->Status, &In->Status,
                     nullptr);
      if (In->Status > 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    clReleaseEvent(Copy);
  };
  cl_command_queue Q = queue();
  void *P = clSVMAlloc(Ctx, 0, 64, 0);
  ASSERT_EQ(clEnqueueSVMFree(Q, 1, &P, FreeFn, &W, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  EXPECT_EQ(W.Status, CL_COMPLETE);
  clReleaseMemObject(W.Src);
  clReleaseMemObject(W.Dst);
  clSVMFree(Ctx, P); // the free function left it to the application
}

// A buffer over SVM memory (CL_MEM_USE_HOST_PTR) says so, and may not run past the allocation.
TEST_F(Svm, BuffersOverSharedMemory) {
  void *P = clSVMAlloc(Ctx, CL_MEM_READ_WRITE, 1024, 0);
  ASSERT_NE(P, nullptr);
  cl_int Err;
  cl_mem Over = clCreateBuffer(Ctx, CL_MEM_USE_HOST_PTR, 512, static_cast<char *>(P) + 256, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_bool Uses = CL_FALSE;
  ASSERT_EQ(clGetMemObjectInfo(Over, CL_MEM_USES_SVM_POINTER, sizeof Uses, &Uses, nullptr), CL_SUCCESS);
  EXPECT_EQ(Uses, cl_bool(CL_TRUE));
  std::vector<char> Host(64);
  cl_mem Plain = clCreateBuffer(Ctx, CL_MEM_USE_HOST_PTR, Host.size(), Host.data(), &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  ASSERT_EQ(clGetMemObjectInfo(Plain, CL_MEM_USES_SVM_POINTER, sizeof Uses, &Uses, nullptr), CL_SUCCESS);
  EXPECT_EQ(Uses, cl_bool(CL_FALSE));
  EXPECT_EQ(clCreateBuffer(Ctx, CL_MEM_USE_HOST_PTR, 2048, P, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_BUFFER_SIZE);
  clReleaseMemObject(Over);
  clReleaseMemObject(Plain);
  clSVMFree(Ctx, P);
}

// clSVMAlloc and clSVMFree from several threads at once, with lookups in between.
TEST_F(Svm, AllocatesAndFreesFromManyThreads) {
  std::vector<std::thread> Threads;
  std::atomic<int> Bad{0};
  for (int T = 0; T < 4; ++T)
    Threads.emplace_back([&, T] {
      for (int I = 0; I < 500; ++I) {
        auto *P = static_cast<int *>(clSVMAlloc(Ctx, CL_MEM_READ_WRITE, 64 + I, 0));
        if (!P) {
          ++Bad;
          continue;
        }
        *P = T * 1000 + I;
        cl_int Err;
        cl_mem M = clCreateBuffer(Ctx, CL_MEM_USE_HOST_PTR, 64, P, &Err);
        if (Err != CL_SUCCESS || *P != T * 1000 + I)
          ++Bad;
        clReleaseMemObject(M);
        clSVMFree(Ctx, P);
      }
    });
  for (std::thread &T : Threads)
    T.join();
  EXPECT_EQ(Bad.load(), 0);
}

} // namespace
} // namespace weft::test
