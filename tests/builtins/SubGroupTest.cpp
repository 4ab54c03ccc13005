// Sub-groups (cl_khr_subgroups and the cl_khr_subgroup_* extensions), through the ICD loader: every
// function on every type against a host model of the sub-groups (runs of get_max_sub_group_size()
// consecutive local linear ids, the last one of a work-group possibly shorter), in 1D, 2D and 3D
// work-groups of odd sizes, partial work-groups, and for the non-uniform functions under a
// condition that differs within each sub-group.
#include "api/KernelFixture.h"

#include <climits>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace weft::test {
namespace {

/// An NDRange: global and local sizes in up to three dimensions (the last work-group of a
/// dimension may be partial).
struct Range {
  cl_uint Dims;
  size_t Global[3];
  size_t Local[3];
  size_t items() const { return Global[0] * Global[1] * Global[2]; }
};

const Range Ranges[] = {
    {1, {100, 1, 1}, {37, 1, 1}},  // partial sub-groups and a partial work-group
    {2, {10, 9, 1}, {5, 3, 1}},    // sub-groups across rows
    {3, {6, 4, 6}, {3, 2, 3}},     // 18-item work-groups
    {1, {128, 1, 1}, {64, 1, 1}},  // whole sub-groups
};

/// The sub-groups of R for sub-group size S: each a list of global linear ids (x + X * (y + Y * z)),
/// in lane order. WorkGroups, if given, gets each sub-group's work-group (a running index).
std::vector<std::vector<size_t>> subGroups(const Range &R, size_t S, std::vector<size_t> *WorkGroups = nullptr) {
  std::vector<std::vector<size_t>> Out;
  size_t WorkGroup = 0;
  size_t Groups[3];
  for (int D = 0; D < 3; ++D)
    Groups[D] = (R.Global[D] + R.Local[D] - 1) / R.Local[D];
  for (size_t GZ = 0; GZ < Groups[2]; ++GZ)
    for (size_t GY = 0; GY < Groups[1]; ++GY)
      for (size_t GX = 0; GX < Groups[0]; ++GX) {
        size_t Size[3], Start[3] = {GX * R.Local[0], GY * R.Local[1], GZ * R.Local[2]};
        for (int D = 0; D < 3; ++D)
          Size[D] = std::min(R.Local[D], R.Global[D] - Start[D]);
        std::vector<size_t> Items; // by local linear id
        for (size_t Z = 0; Z < Size[2]; ++Z)
          for (size_t Y = 0; Y < Size[1]; ++Y)
            for (size_t X = 0; X < Size[0]; ++X)
              Items.push_back(Start[0] + X + R.Global[0] * (Start[1] + Y + R.Global[1] * (Start[2] + Z)));
        for (size_t F = 0; F < Items.size(); F += S) {
          Out.emplace_back(Items.begin() + F, Items.begin() + std::min(Items.size(), F + S));
          if (WorkGroups)
            WorkGroups->push_back(WorkGroup);
        }
        ++WorkGroup;
      }
  return Out;
}

/// A scalar type of OpenCL C as the tests see it: values travel as doubles.
struct Type {
  const char *Name;
  bool Integer, Signed;
  double Lowest, Highest; ///< the identities of max and min
};
const Type Types[] = {
    {"char", true, true, -128, 127},
    {"uchar", true, false, 0, 255},
    {"short", true, true, -32768, 32767},
    {"ushort", true, false, 0, 65535},
    {"int", true, true, double(INT32_MIN), double(INT32_MAX)},
    {"uint", true, false, 0, double(UINT32_MAX)},
    {"long", true, true, double(INT64_MIN), double(INT64_MAX)},
    {"ulong", true, false, 0, double(UINT64_MAX)},
    {"float", false, true, -INFINITY, INFINITY},
    {"double", false, true, -INFINITY, INFINITY},
    {"half", false, true, -INFINITY, INFINITY},
};

/// One sub-group's view for a reference: the values of its lanes, which take part, and the lane.
struct Lanes {
  const std::vector<double> &V;
  const std::vector<bool> &Active;
  size_t Me;
  size_t Max; ///< get_max_sub_group_size(): what the ballots and masks consider in partial ones
  size_t size() const { return V.size(); }
};
using Reference = std::function<double(const Lanes &)>;

/// The inputs: small integers, exact in every type, whose sums and products stay in range.
double input(size_t I, bool ForProducts, const Type &T) {
  if (ForProducts)
    return I % 7 == 3 ? 2 : T.Signed && I % 5 == 1 ? -1 : 1;
  if (T.Integer && T.Highest <= 255) // sums of 32 stay within char and uchar
    return double((I * 37 + 11) % 7) - (T.Signed ? 3 : 0);
  return double((I * 37 + 11) % 29) - (T.Signed ? 7 : 0);
}
/// Which work-items take part in a non-uniform function: a pattern that differs within each
/// sub-group and leaves no lane position always in or always out.
bool takesPart(size_t I) { return (I * 13 + I / 7) % 5 < 3; }

class SubGroups : public KernelApi {
protected:
  void TearDown() override {
    flush();
    KernelApi::TearDown();
  }

  /// The sub-group size of kernel Name of P for R's local size.
  size_t subGroupSize(cl_program P, const Range &R, const char *Name = "k") {
    cl_kernel K = clCreateKernel(P, Name, nullptr);
    size_t S = 0;
    EXPECT_EQ(clGetKernelSubGroupInfo(K, Device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
                                      sizeof(size_t) * R.Dims, R.Local, sizeof S, &S, nullptr),
              CL_SUCCESS);
    clReleaseKernel(K);
    return S;
  }

  /// Checks `out[g] = (double)(Expr)` for every work-item g of every range, with `T x` its input
  /// (and `int part` whether it takes part: with NonUniform, only those evaluate Expr, the others
  /// write -12345), against Ref per lane. The checks are built as kernels of one program, up to
  /// Batch of them (a build's fixed cost is about that of one kernel), and run when the batch is
  /// full or the test ends.
  void check(const Type &T, const std::string &Expr, Reference Ref, bool NonUniform, bool ForProducts = false) {
    Pending.push_back({&T, Expr, std::move(Ref), NonUniform, ForProducts});
    if (Pending.size() == Batch)
      flush();
  }

private:
  struct Case {
    const Type *T;
    std::string Expr;
    Reference Ref;
    bool NonUniform, ForProducts;
  };
  static constexpr size_t Batch = 32;
  std::vector<Case> Pending;

  void flush() {
    if (Pending.empty())
      return;
    std::vector<Case> Cases = std::move(Pending);
    Pending.clear();
    std::string Source = "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n";
    for (size_t C = 0; C < Cases.size(); ++C) {
      const char *T = Cases[C].T->Name;
      Source += "kernel void k" + std::to_string(C) + "(global const double *in, global double *out) {\n"
                "  size_t g = get_global_id(0) + get_global_size(0) * (get_global_id(1) +\n"
                "             get_global_size(1) * get_global_id(2));\n"
                "  " + std::string(T) + " x = (" + T + ")in[g];\n"
                "  int part = " + (Cases[C].NonUniform ? "(g * 13 + g / 7) % 5 < 3" : "1") + ";\n"
                "  out[g] = -12345;\n"
                "  if (part)\n"
                "    out[g] = (double)(" + Cases[C].Expr + ");\n"
                "}\n";
    }
    cl_program P = built(Source.c_str(), "-cl-std=CL3.0");
    for (const Range &R : Ranges) {
      const size_t N = R.items(), S = subGroupSize(P, R, "k0");
      ASSERT_GE(S, 1u);
      cl_command_queue Q = queue();
      for (size_t C = 0; C < Cases.size(); ++C) {
        const Case &K_ = Cases[C];
        std::vector<double> In(N);
        for (size_t I = 0; I < N; ++I)
          In[I] = input(I, K_.ForProducts, *K_.T);
        cl_mem InBuf = buffer(N * sizeof(double), CL_MEM_COPY_HOST_PTR, In.data());
        cl_mem OutBuf = buffer(N * sizeof(double));
        cl_kernel K = clCreateKernel(P, ("k" + std::to_string(C)).c_str(), nullptr);
        setArgs(K, InBuf, OutBuf);
        ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, R.Dims, nullptr, R.Global, R.Local, 0, nullptr, nullptr), CL_SUCCESS);
        std::vector<double> Out = read<double>(Q, OutBuf, N);
        int Failures = 0;
        for (const std::vector<size_t> &G : subGroups(R, S)) {
          std::vector<double> V;
          std::vector<bool> Active;
          for (size_t I : G) {
            V.push_back(In[I]);
            Active.push_back(!K_.NonUniform || takesPart(I));
          }
          for (size_t L = 0; L < G.size(); ++L) {
            double Want = Active[L] ? K_.Ref({V, Active, L, S}) : -12345;
            if (Out[G[L]] != Want && !(std::isnan(Want) && std::isnan(Out[G[L]])) && Failures++ < 5)
              ADD_FAILURE() << K_.T->Name << " " << K_.Expr << " in " << R.Dims << "D, work-item " << G[L]
                            << " (lane " << L << " of " << G.size() << "): " << Out[G[L]] << ", want " << Want;
          }
        }
        clReleaseKernel(K);
        clReleaseMemObject(InBuf);
        clReleaseMemObject(OutBuf);
      }
    }
    clReleaseProgram(P);
  }
};

/// Folds the active lanes From..To-1 with Op; Identity if there are none.
double fold(const Lanes &L, size_t From, size_t To, double Identity,
            const std::function<double(double, double)> &Op) {
  double R = Identity;
  bool Any = false;
  for (size_t I = From; I < To && I < L.size(); ++I)
    if (L.Active[I]) {
      R = Any ? Op(R, L.V[I]) : L.V[I];
      Any = true;
    }
  return R;
}
double add(double A, double B) { return A + B; }
double mul(double A, double B) { return A * B; }
double min(double A, double B) { return B < A ? B : A; }
double max(double A, double B) { return B > A ? B : A; }
double bitAnd(double A, double B) { return double(int64_t(A) & int64_t(B)); }
double bitOr(double A, double B) { return double(int64_t(A) | int64_t(B)); }
double bitXor(double A, double B) { return double(int64_t(A) ^ int64_t(B)); }

/// The operations of the reductions and scans: name, fold, identity, and whether the uniform
/// functions (sub_group_reduce_<name>) have it too.
struct Operation {
  const char *Name;
  double (*Op)(double, double);
  bool Uniform, IntegerOnly;
  double identity(const Type &T) const {
    if (Op == &add || Op == &bitOr || Op == &bitXor)
      return 0;
    if (Op == &mul)
      return 1;
    if (Op == &min)
      return T.Highest;
    if (Op == &max)
      return T.Lowest;
    return T.Signed ? -1 : T.Highest; // and: every bit set
  }
};
const Operation Operations[] = {{"add", add, true, false},    {"min", min, true, false},
                                {"max", max, true, false},    {"mul", mul, false, false},
                                {"and", bitAnd, false, true}, {"or", bitOr, false, true},
                                {"xor", bitXor, false, true}};

TEST_F(SubGroups, QueriesDescribeConsecutiveLocalIds) {
  const char *Source = R"(
    kernel void k(global uint *out) {
      size_t g = get_global_id(0) + get_global_size(0) * (get_global_id(1) +
                 get_global_size(1) * get_global_id(2));
      out[6 * g + 0] = get_sub_group_size();
      out[6 * g + 1] = get_max_sub_group_size();
      out[6 * g + 2] = get_num_sub_groups();
      out[6 * g + 3] = get_enqueued_num_sub_groups();
      out[6 * g + 4] = get_sub_group_id();
      out[6 * g + 5] = get_sub_group_local_id();
    })";
  cl_program P = built(Source, "-cl-std=CL3.0");
  for (const Range &R : Ranges) {
    const size_t N = R.items(), S = subGroupSize(P, R);
    cl_mem Out = buffer(6 * N * sizeof(cl_uint));
    cl_kernel K = clCreateKernel(P, "k", nullptr);
    setArgs(K, Out);
    cl_command_queue Q = queue();
    ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, R.Dims, nullptr, R.Global, R.Local, 0, nullptr, nullptr), CL_SUCCESS);
    std::vector<cl_uint> Got = read<cl_uint>(Q, Out, 6 * N);
    const size_t Enqueued = R.Local[0] * R.Local[1] * R.Local[2];
    std::vector<size_t> WorkGroupOf;
    std::vector<std::vector<size_t>> Groups = subGroups(R, S, &WorkGroupOf);
    for (size_t I = 0; I < Groups.size(); ++I) {
      const std::vector<size_t> &G = Groups[I];
      size_t Id = 0, Count = 0; // its index in its work-group, and the work-group's sub-groups
      for (size_t J = 0; J < Groups.size(); ++J)
        if (WorkGroupOf[J] == WorkGroupOf[I]) {
          Id += J < I;
          ++Count;
        }
      for (size_t L = 0; L < G.size(); ++L) {
        const cl_uint *W = &Got[6 * G[L]];
        EXPECT_EQ(W[0], G.size()) << "work-item " << G[L];
        EXPECT_EQ(W[1], S) << "work-item " << G[L];
        EXPECT_EQ(W[2], Count) << "work-item " << G[L];
        EXPECT_EQ(W[3], (Enqueued + S - 1) / S) << "work-item " << G[L];
        EXPECT_EQ(W[4], Id) << "work-item " << G[L];
        EXPECT_EQ(W[5], L) << "work-item " << G[L];
      }
    }
    clReleaseKernel(K);
    clReleaseMemObject(Out);
  }
  clReleaseProgram(P);
}

TEST_F(SubGroups, ReductionsAndScansOfEveryTypeAndOperation) {
  for (const Type &T : Types)
    for (const Operation &Op : Operations) {
      if (Op.IntegerOnly && !T.Integer)
        continue;
      const bool Products = Op.Op == &mul;
      const double Id = Op.identity(T);
      auto Reduce = [=](const Lanes &L) { return fold(L, 0, L.size(), Id, Op.Op); };
      auto Inclusive = [=](const Lanes &L) { return fold(L, 0, L.Me + 1, Id, Op.Op); };
      auto Exclusive = [=](const Lanes &L) { return fold(L, 0, L.Me, Id, Op.Op); };
      const std::string Name = Op.Name;
      // Every reduction of every type; the scans and clustered reductions (instances of the same
      // macros in builtins/src/subgroups.cl) of every type for add, and of int and float for all.
      const bool All = Op.Op == &add || std::string(T.Name) == "int" || std::string(T.Name) == "float";
      for (bool NonUniform : {false, true}) {
        if (!NonUniform && !Op.Uniform)
          continue;
        const std::string Prefix = NonUniform ? "sub_group_non_uniform_" : "sub_group_";
        check(T, Prefix + "reduce_" + Name + "(x)", Reduce, NonUniform, Products);
        if (!All)
          continue;
        check(T, Prefix + "scan_inclusive_" + Name + "(x)", Inclusive, NonUniform, Products);
        check(T, Prefix + "scan_exclusive_" + Name + "(x)", Exclusive, NonUniform, Products);
      }
      // Clusters of 4 lanes (a sub-group of any size Weft offers holds whole clusters).
      if (All)
        check(T, "sub_group_clustered_reduce_" + Name + "(x, 4u)",
              [=](const Lanes &L) { return fold(L, L.Me / 4 * 4, L.Me / 4 * 4 + 4, Id, Op.Op); },
              false, Products);
    }
}

TEST_F(SubGroups, LogicalOperationsOnPredicates) {
  const Type &Int = Types[4];
  struct {
    const char *Name;
    double (*Op)(double, double);
    double Identity;
  } Logical[] = {{"and", [](double A, double B) { return double(A != 0 && B != 0); }, 1},
                 {"or", [](double A, double B) { return double(A != 0 || B != 0); }, 0},
                 {"xor", [](double A, double B) { return double((A != 0) != (B != 0)); }, 0}};
  for (const auto &Op : Logical) {
    const std::string Name = Op.Name;
    // The predicate x > 3 as the value folded: 0 or 1.
    auto Fold = [=](size_t From, size_t To) {
      return [=](const Lanes &L) {
        std::vector<double> P;
        for (double X : L.V)
          P.push_back(X > 3);
        return fold({P, L.Active, L.Me, L.Max}, From == SIZE_MAX ? L.Me : From, To == SIZE_MAX ? L.Me + 1 : To, Op.Identity, Op.Op);
      };
    };
    check(Int, "sub_group_non_uniform_reduce_logical_" + Name + "(x > 3)",
          [=](const Lanes &L) { return Fold(0, L.size())(L); }, true);
    check(Int, "sub_group_non_uniform_scan_inclusive_logical_" + Name + "(x > 3)",
          [=](const Lanes &L) { return Fold(0, L.Me + 1)(L); }, true);
    check(Int, "sub_group_non_uniform_scan_exclusive_logical_" + Name + "(x > 3)",
          [=](const Lanes &L) { return Fold(0, L.Me)(L); }, true);
    check(Int, "sub_group_clustered_reduce_logical_" + Name + "(x > 3, 2u)",
          [=](const Lanes &L) { return Fold(L.Me / 2 * 2, L.Me / 2 * 2 + 2)(L); }, false);
  }
}

TEST_F(SubGroups, BroadcastsShufflesAndRotatesOfEveryType) {
  for (const Type &T : Types) {
    auto Lane = [](const Lanes &L, long I) { return I >= 0 && size_t(I) < L.size() ? L.V[I] : L.V[L.Me]; };
    check(T, "sub_group_broadcast(x, 2u)", [=](const Lanes &L) { return Lane(L, L.size() > 2 ? 2 : -1); }, false);
    // Each lane reads a lane that exists in its sub-group: its own, xor 1 where the pair is whole.
    check(T, "sub_group_shuffle(x, (get_sub_group_local_id() * 5 + 3) % get_sub_group_size())",
          [=](const Lanes &L) { return L.V[(L.Me * 5 + 3) % L.size()]; }, false);
    check(T, "sub_group_shuffle_xor(x, 1u)", [=](const Lanes &L) { return Lane(L, long(L.Me ^ 1)); }, false);
    check(T, "sub_group_shuffle_up(x, 3u)", [=](const Lanes &L) { return Lane(L, long(L.Me) - 3); }, false);
    check(T, "sub_group_shuffle_down(x, 2u)", [=](const Lanes &L) { return Lane(L, long(L.Me) + 2); }, false);
    check(T, "sub_group_rotate(x, -3)",
          [=](const Lanes &L) { return L.V[(L.Me + L.size() * 3 - 3) % L.size()]; }, false);
    // (A cluster a partial sub-group cuts short: a lane that does not exist gives the work-item
    // its own value, as for the shuffles.)
    check(T, "sub_group_clustered_rotate(x, 5, 4u)",
          [=](const Lanes &L) { return Lane(L, long(L.Me / 4 * 4 + (L.Me % 4 + 5) % 4)); }, false);
    // The non-uniform ones: the first active lane's value, and whether all active lanes agree.
    auto FirstActive = [](const Lanes &L) {
      size_t F = 0;
      while (!L.Active[F])
        ++F;
      return F;
    };
    check(T, "sub_group_broadcast_first(x)", [=](const Lanes &L) { return L.V[FirstActive(L)]; }, true);
    check(T, "sub_group_non_uniform_broadcast(x, 0u)", [=](const Lanes &L) { return L.V[0]; }, false);
    check(T, "sub_group_non_uniform_all_equal(x)",
          [=](const Lanes &L) {
            for (size_t I = 0; I < L.size(); ++I)
              if (L.Active[I] && L.V[I] != L.V[L.Me])
                return 0.0;
            return 1.0;
          },
          true);
    check(T, "sub_group_non_uniform_all_equal((" + std::string(T.Name) + ")4)", [](const Lanes &) { return 1.0; }, true);
  }
}

TEST_F(SubGroups, BroadcastsOfVectorsGoComponentByComponent) {
  // Every width of int; 3 (stored as 4) and 16 of every type.
  for (const Type &T : Types)
    for (int N : {2, 3, 4, 8, 16}) {
      if (std::string(T.Name) != "int" && N != 3 && N != 16)
        continue;
      const std::string V = std::string(T.Name) + std::to_string(N);
      // Component I of x's vector is x + I; the last component of lane 1's vector comes back.
      const std::string Make = "(" + V + ")(" + [&] {
        std::string S;
        for (int I = 0; I < N; ++I)
          S += std::string(I ? ", " : "") + "(" + T.Name + ")(x + " + std::to_string(I) + ")";
        return S;
      }() + ")";
      const char *Last[] = {"", "", ".s1", ".s2", ".s3", "", "", "", ".s7", "", "", "", "", "", "", "", ".sf"};
      check(T, "sub_group_broadcast(" + Make + ", 1u)" + Last[N],
            [=](const Lanes &L) { return L.size() > 1 ? L.V[1] + N - 1 : L.V[L.Me] + N - 1; }, false);
      check(T, "sub_group_non_uniform_broadcast(" + Make + ", 0u)" + Last[N],
            [=](const Lanes &L) { return L.V[0] + N - 1; }, false);
    }
}

TEST_F(SubGroups, VotesAndBallots) {
  const Type &Int = Types[4];
  auto Ballot = [](const Lanes &L) {
    uint64_t Mask = 0;
    for (size_t I = 0; I < L.size(); ++I)
      if (L.Active[I] && L.V[I] > 3)
        Mask |= uint64_t(1) << I;
    return Mask;
  };
  check(Int, "sub_group_all(x >= -7)", [](const Lanes &) { return 1.0; }, false);
  check(Int, "sub_group_all(x > 3)", [=](const Lanes &L) { return double(Ballot(L) == (uint64_t(1) << L.size()) - 1); }, false);
  check(Int, "sub_group_any(x > 3)", [=](const Lanes &L) { return double(Ballot(L) != 0); }, false);
  check(Int, "sub_group_any(x > 100)", [](const Lanes &) { return 0.0; }, false);
  check(Int, "sub_group_non_uniform_all(x > 3)",
        [=](const Lanes &L) {
          for (size_t I = 0; I < L.size(); ++I)
            if (L.Active[I] && !(L.V[I] > 3))
              return 0.0;
          return 1.0;
        },
        true);
  check(Int, "sub_group_non_uniform_any(x > 3)", [=](const Lanes &L) { return double(Ballot(L) != 0); }, true);
  check(Int, "sub_group_elect()",
        [](const Lanes &L) {
          size_t F = 0;
          while (!L.Active[F])
            ++F;
          return double(F == L.Me);
        },
        true);
  // The ballot's components and what the ballot functions make of it.
  for (int C = 0; C < 4; ++C)
    check(Int, "sub_group_ballot(x > 3).s" + std::to_string(C),
          [=](const Lanes &L) { return C < 2 ? double(uint32_t(Ballot(L) >> (32 * C))) : 0.0; }, true);
  auto Count = [](uint64_t M) { return double(__builtin_popcountll(M)); };
  check(Int, "sub_group_ballot_bit_count(sub_group_ballot(x > 3))", [=](const Lanes &L) { return Count(Ballot(L)); }, true);
  check(Int, "sub_group_ballot_inclusive_scan(sub_group_ballot(x > 3))",
        [=](const Lanes &L) { return Count(Ballot(L) & ((uint64_t(2) << L.Me) - 1)); }, true);
  check(Int, "sub_group_ballot_exclusive_scan(sub_group_ballot(x > 3))",
        [=](const Lanes &L) { return Count(Ballot(L) & ((uint64_t(1) << L.Me) - 1)); }, true);
  check(Int, "sub_group_ballot_find_lsb(sub_group_ballot(1))",
        [](const Lanes &L) { size_t F = 0; while (!L.Active[F]) ++F; return double(F); }, true);
  check(Int, "sub_group_ballot_find_msb(sub_group_ballot(1))",
        [](const Lanes &L) { size_t F = L.size() - 1; while (!L.Active[F]) --F; return double(F); }, true);
  check(Int, "sub_group_ballot_bit_extract(sub_group_ballot(x > 3), (get_sub_group_local_id() + 1) % get_sub_group_size())",
        [=](const Lanes &L) { return double((Ballot(L) >> ((L.Me + 1) % L.size())) & 1); }, true);
  check(Int, "sub_group_inverse_ballot((uint4)(0x55555555u, 0xaaaaaaaau, 0, 0))",
        [](const Lanes &L) { return double(L.Me < 32 ? (0x55555555u >> L.Me) & 1 : (0xaaaaaaaau >> (L.Me - 32)) & 1); }, true);
  // The masks, component x (lanes 0-31).
  auto Below = [](size_t N) { return N >= 32 ? 0xffffffffu : (1u << N) - 1; };
  check(Int, "get_sub_group_eq_mask().x", [](const Lanes &L) { return double(L.Me < 32 ? 1u << L.Me : 0); }, false);
  check(Int, "get_sub_group_lt_mask().x", [=](const Lanes &L) { return double(Below(L.Me)); }, false);
  check(Int, "get_sub_group_le_mask().x", [=](const Lanes &L) { return double(Below(L.Me + 1)); }, false);
  check(Int, "get_sub_group_gt_mask().x", [=](const Lanes &L) { return double(Below(L.Max) & ~Below(L.Me + 1)); }, false);
  check(Int, "get_sub_group_ge_mask().x", [=](const Lanes &L) { return double(Below(L.Max) & ~Below(L.Me)); }, false);
  // A ballot of bits beyond a partial sub-group's lanes: counted up to the maximum size.
  check(Int, "sub_group_ballot_bit_count((uint4)(0xffffffffu, 0xffffffffu, ~0u, ~0u))",
        [](const Lanes &L) { return double(L.Max); }, true);
  check(Int, "sub_group_ballot_find_msb((uint4)(0xffffffffu, 0xffffffffu, ~0u, ~0u))",
        [](const Lanes &L) { return double(L.Max - 1); }, true);
}

TEST_F(SubGroups, FunctionsInBranchesAndLoopsThatDifferBetweenWorkItems) {
  const Type &Int = Types[4];
  // A loop whose trip count differs within the sub-group: each round's non-uniform sum counts the
  // lanes still in it; after the loop every lane is back for the uniform one.
  check(Int, "({ int n = (int)x % 5, acc = 0; if (n < 0) n = -n;"
             "   for (int i = 0; i < n; ++i) acc += sub_group_non_uniform_reduce_add(1);"
             "   acc * 1000 + sub_group_reduce_add(1); })",
        [](const Lanes &L) {
          auto Trips = [](double X) { return std::abs(int(X) % 5); };
          double Acc = 0;
          for (int I = 0; I < Trips(L.V[L.Me]); ++I)
            for (double X : L.V)
              Acc += Trips(X) > I;
          return Acc * 1000 + double(L.size());
        },
        false);
  // Iterations that skip the function (an if in the loop, and a continue): each iteration's sum
  // counts the work-items in that iteration only, as lanes that run in step would.
  auto Skips = [](double X, int I) { return (int(X) + I) % 3 == 0; };
  for (const char *Skip : {"if ((x + i) % 3 != 0) acc += sub_group_non_uniform_reduce_add(i + 1);",
                           "if ((x + i) % 3 == 0) continue; acc += sub_group_non_uniform_reduce_add(i + 1);"})
    check(Int, std::string("({ int acc = 0; for (int i = 0; i < 4; ++i) { ") + Skip + " } acc; })",
          [=](const Lanes &L) {
            double Acc = 0;
            for (int I = 0; I < 4; ++I)
              if (!Skips(L.V[L.Me], I))
                for (double X : L.V)
                  Acc += Skips(X, I) ? 0 : I + 1;
            return Acc;
          },
          false);
  // if and else both with a non-uniform function, then a uniform one for all.
  check(Int, "({ int r = x % 2 ? sub_group_non_uniform_reduce_add(x) : sub_group_non_uniform_reduce_max(x) * 1000;"
             "   r + 100000 * sub_group_reduce_add(1); })",
        [](const Lanes &L) {
          auto Odd = [](double X) { return int(X) % 2 != 0; };
          double R = Odd(L.V[L.Me]) ? 0 : -1e9;
          for (double X : L.V)
            if (Odd(X) == Odd(L.V[L.Me]))
              R = Odd(X) ? R + X : std::max(R, X);
          return (Odd(L.V[L.Me]) ? R : R * 1000) + 100000 * double(L.size());
        },
        false);
  // A branch only some sub-groups take, with a sub-group barrier and a uniform function in it.
  check(Int, "({ int r = -1; if (sub_group_broadcast(x, 0u) % 2) { sub_group_barrier(CLK_LOCAL_MEM_FENCE);"
             "   r = sub_group_reduce_max(x); } else { r = sub_group_scan_inclusive_add(x); } r; })",
        [](const Lanes &L) {
          std::vector<bool> All(L.size(), true);
          const Lanes Whole{L.V, All, L.Me, L.Max};
          return int(L.V[0]) % 2 ? fold(Whole, 0, L.size(), 0, max) : fold(Whole, 0, L.Me + 1, 0, add);
        },
        false);
}

// A work-group scan from sub-group scans: each sub-group's total through local memory, then each
// work-item adds the totals of the sub-groups before its own, a loop whose count is its sub-group's
// id (weft-strip-work-items runs a sub-group's work-items through it side by side). Checked
// against the work-group's prefix sums by local linear id, with sub-groups across rows, partial
// sub-groups and work-groups, and work-groups of whole sub-groups only.
TEST_F(SubGroups, ScansAddTheTotalsOfEarlierSubGroups) {
  const char *Source = "kernel void k(global const int *in, global int *out) {\n"
                       "  local int totals[256];\n"
                       "  size_t g = get_global_id(0) + get_global_size(0) * (get_global_id(1) +\n"
                       "             get_global_size(1) * get_global_id(2));\n"
                       "  int v = sub_group_scan_inclusive_add(in[g]);\n"
                       "  if (get_sub_group_local_id() == get_sub_group_size() - 1) "
                       "totals[get_sub_group_id()] = v;\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  for (uint i = 0; i < get_sub_group_id(); ++i) v += totals[i];\n"
                       "  out[g] = v;\n"
                       "}\n";
  cl_program P = built(Source, "-cl-std=CL3.0");
  std::vector<Range> All(std::begin(Ranges), std::end(Ranges));
  All.push_back({1, {1024, 1, 1}, {256, 1, 1}});
  All.push_back({2, {48, 8, 1}, {24, 4, 1}});
  for (const Range &R : All) {
    const size_t N = R.items(), S = subGroupSize(P, R, "k");
    ASSERT_GE(S, 1u);
    std::vector<int> In(N);
    for (size_t I = 0; I < N; ++I)
      In[I] = int(I * 7 % 23) - 11;
    cl_command_queue Q = queue();
    cl_mem InBuf = buffer(N * sizeof(int), CL_MEM_COPY_HOST_PTR, In.data());
    cl_mem OutBuf = buffer(N * sizeof(int));
    cl_kernel K = clCreateKernel(P, "k", nullptr);
    setArgs(K, InBuf, OutBuf);
    ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, R.Dims, nullptr, R.Global, R.Local, 0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<int> Out = read<int>(Q, OutBuf, N);
    std::vector<size_t> WorkGroups;
    const std::vector<std::vector<size_t>> Groups = subGroups(R, S, &WorkGroups);
    int Sum = 0, Failures = 0;
    for (size_t G = 0; G < Groups.size(); ++G) {
      if (G == 0 || WorkGroups[G] != WorkGroups[G - 1])
        Sum = 0;
      for (size_t Item : Groups[G]) {
        Sum += In[Item];
        if (Out[Item] != Sum && Failures++ < 5)
          ADD_FAILURE() << R.Dims << "D, " << R.Local[0] << " x " << R.Local[1] << " x "
                        << R.Local[2] << ", work-item " << Item << ": " << Out[Item] << ", want "
                        << Sum;
      }
    }
    clReleaseKernel(K);
    clReleaseMemObject(InBuf);
    clReleaseMemObject(OutBuf);
  }
  clReleaseProgram(P);
}

TEST_F(SubGroups, IntelShufflesOfScalarsAndVectors) {
  const Type &Int = Types[4], &Float = Types[8];
  for (const Type *T : {&Int, &Float}) {
    auto Own = [](const Lanes &L, size_t I) { return I < L.size() ? L.V[I] : L.V[L.Me]; };
    check(*T, "intel_sub_group_shuffle(x, (get_sub_group_local_id() + 1) % get_sub_group_size())",
          [](const Lanes &L) { return L.V[(L.Me + 1) % L.size()]; }, false);
    check(*T, "intel_sub_group_shuffle_xor(x, 2u)", [=](const Lanes &L) { return Own(L, L.Me ^ 2); }, false);
    // Past the maximum size, down takes the next value (here 2x) of the lanes from the start.
    check(*T, "intel_sub_group_shuffle_down(x, x * 2, 3u)",
          [=](const Lanes &L) { return L.Me + 3 < L.Max ? Own(L, L.Me + 3) : 2 * Own(L, L.Me + 3 - L.Max); }, false);
    // Below lane 0, up takes the previous value (here x - 1) of the lanes from the end.
    check(*T, "intel_sub_group_shuffle_up(x - 1, x, 2u)",
          [=](const Lanes &L) { return L.Me >= 2 ? L.V[L.Me - 2] : Own(L, L.Me + L.Max - 2) - 1; }, false);
  }
  // Vectors: component by component (component 3 is x + 3).
  check(Float, "intel_sub_group_shuffle((float4)(x, x + 1, x + 2, x + 3), 0u).w", [](const Lanes &L) { return L.V[0] + 3; }, false);
  check(Int, "intel_sub_group_shuffle_down((int8)(x), (int8)(x + 100), 1u).s7",
        [](const Lanes &L) { return L.Me + 1 < L.Max ? (L.Me + 1 < L.size() ? L.V[L.Me + 1] : L.V[L.Me]) : L.V[0] + 100; }, false);
}

TEST_F(SubGroups, IntelBlockReadsAndWritesOfBuffersAndImages) {
  // Each sub-group reads 8 uints per work-item from its block of 8 x its size (strided by the
  // maximum sub-group size) and writes them back doubled, two per work-item at a time.
  const char *Source = R"(
    kernel void k(global const uint *in, global uint *out) {
      uint s = get_max_sub_group_size(), g = get_group_id(0) * get_num_sub_groups() + get_sub_group_id();
      uint8 v = intel_sub_group_block_read8(in + g * 8 * s);
      intel_sub_group_block_write2(out + g * 8 * s, v.s01 * 2);
      intel_sub_group_block_write2(out + g * 8 * s + 2 * s, v.s23 * 2);
      intel_sub_group_block_write4(out + g * 8 * s + 4 * s, v.s4567 * 2);
    }
    kernel void image(read_only image2d_t src, write_only image2d_t dst) {
      int2 at = (int2)(get_group_id(0) * get_max_sub_group_size() * 4, get_group_id(1) * 4);
      uint4 rows = intel_sub_group_block_read4(src, at);
      intel_sub_group_block_write4(dst, at, rows + 1);
      // Reads past the right and bottom edges read the edge.
      uint edge = intel_sub_group_block_read(src, (int2)(1 << 20, 1 << 20));
      if (get_group_id(0) == 0 && get_group_id(1) == 0)
        intel_sub_group_block_write(dst, (int2)(0, 0), edge);
    })";
  cl_program P = built(Source);
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  const size_t Local = 64;
  size_t S = 0;
  ASSERT_EQ(clGetKernelSubGroupInfo(K, Device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof Local, &Local,
                                    sizeof S, &S, nullptr),
            CL_SUCCESS);
  const size_t Items = 2 * Local, N = 8 * Items;
  std::vector<cl_uint> In(N);
  for (size_t I = 0; I < N; ++I)
    In[I] = cl_uint(I * 2654435761u);
  cl_mem InBuf = buffer(N * 4, CL_MEM_COPY_HOST_PTR, In.data()), OutBuf = buffer(N * 4);
  setArgs(K, InBuf, OutBuf);
  cl_command_queue Q = queue();
  run(Q, K, Items, Local);
  std::vector<cl_uint> Out = read<cl_uint>(Q, OutBuf, N);
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Out[I], In[I] * 2) << "uint " << I << " (sub-group size " << S << ")";
  clReleaseKernel(K);

  // A 2D image of RGBA8 pixels (4 bytes each): one sub-group's row is S pixels wide.
  const size_t Width = 2 * S, Height = 8;
  std::vector<cl_uint> Pixels(Width * Height);
  for (size_t I = 0; I < Pixels.size(); ++I)
    Pixels[I] = cl_uint(I * 40503u + 7);
  const cl_image_format Format{CL_RGBA, CL_UNSIGNED_INT8};
  cl_image_desc Desc{};
  Desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  Desc.image_width = Width;
  Desc.image_height = Height;
  cl_int Err;
  cl_mem Src = clCreateImage(Ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &Format, &Desc, Pixels.data(), &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_mem Dst = clCreateImage(Ctx, CL_MEM_WRITE_ONLY, &Format, &Desc, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_kernel Image = clCreateKernel(P, "image", nullptr);
  setArgs(Image, Src, Dst);
  const size_t Global[2] = {2 * S, 2}, Group[2] = {S, 1};
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, Image, 2, nullptr, Global, Group, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<cl_uint> Got(Width * Height);
  const size_t Origin[3] = {0, 0, 0}, Region[3] = {Width, Height, 1};
  ASSERT_EQ(clEnqueueReadImage(Q, Dst, CL_TRUE, Origin, Region, 0, 0, Got.data(), 0, nullptr, nullptr), CL_SUCCESS);
  for (size_t Y = 0; Y < Height; ++Y)
    for (size_t X = 0; X < Width; ++X) {
      // Pixel (0, 0) of each lane of the first group's sub-group holds the bottom-right pixel.
      const cl_uint Want = Y == 0 && X < S ? Pixels.back() : Pixels[Y * Width + X] + 1;
      ASSERT_EQ(Got[Y * Width + X], Want) << "pixel " << X << ", " << Y;
    }
  clReleaseKernel(Image);
  for (cl_mem M : {InBuf, OutBuf, Src, Dst})
    clReleaseMemObject(M);
  clReleaseProgram(P);
}

TEST_F(SubGroups, IntelSubgroupsBringSubGroupFunctionsToOpenCLC12) {
  cl_program P = built("#ifndef cl_intel_subgroups\n#error\n#endif\n"
                       "kernel void k(global int *out) {\n"
                       "  out[get_global_id(0)] = sub_group_reduce_add(1) * 100 + get_sub_group_local_id();\n"
                       "}\n");
  const size_t Local = 20;
  std::vector<int> Got = runIntKernel(Ctx, Device, P, 40, &Local);
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  size_t S = 0;
  clGetKernelSubGroupInfo(K, Device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof Local, &Local, sizeof S, &S, nullptr);
  for (size_t I = 0; I < Got.size(); ++I) {
    const size_t Me = (I % Local) % S, Size = std::min(S, Local - (I % Local) / S * S);
    EXPECT_EQ(Got[I], int(Size * 100 + Me)) << I;
  }
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(SubGroups, RequiredSubGroupSizesAreHonouredAndUnsupportedOnesFailTheBuild) {
  for (size_t S : {8, 16, 32}) {
    const std::string Source = "__attribute__((intel_reqd_sub_group_size(" + std::to_string(S) +
                               "))) kernel void k(global int *out) {\n"
                               "  out[get_global_id(0)] = get_max_sub_group_size() * 1000 + sub_group_reduce_add(1);\n"
                               "}\n";
    cl_program P = built(Source.c_str(), "-cl-std=CL3.0");
    cl_kernel K = clCreateKernel(P, "k", nullptr);
    size_t Compiled = 0;
    EXPECT_EQ(clGetKernelSubGroupInfo(K, Device, CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL, 0, nullptr,
                                      sizeof Compiled, &Compiled, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(Compiled, S);
    const size_t Local = 40;
    std::vector<int> Got = runIntKernel(Ctx, Device, P, 80, &Local);
    for (size_t I = 0; I < Got.size(); ++I)
      EXPECT_EQ(Got[I], int(S * 1000 + std::min(S, Local - (I % Local) / S * S))) << "size " << S << ", work-item " << I;
    clReleaseKernel(K);
    clReleaseProgram(P);
  }
  cl_program P = program("__attribute__((intel_reqd_sub_group_size(4))) kernel void k(global int *o) { o[0] = 1; }");
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
  EXPECT_NE(log(P).find("sub-groups of 4"), std::string::npos) << log(P);
  clReleaseProgram(P);
}

// Rows of whole sub-groups run the kernel's copy whose sub-group functions are operations on the
// lanes of a vector (weft-sub-group-vectors); other work-groups, and kernels whose loops do not
// vectorize a sub-group at a time, the exchange. Both against a host model, for each size.
TEST_F(SubGroups, VectorFormsOfWholeRowsAndTheirFallbacks) {
  for (size_t S : {8, 16, 32}) {
    const std::string Required =
        "__attribute__((intel_reqd_sub_group_size(" + std::to_string(S) + "))) ";
    const std::string Source =
        Required +
        "kernel void lanes(global const int *in, global int *out, int n) {\n"
        "  size_t g = get_global_id(0) + get_global_size(0) * get_global_id(1);\n"
        "  int v = in[g];\n"
        "  out[g] = sub_group_reduce_add(v) * 100000 + sub_group_scan_inclusive_max(v) * 100 +\n"
        "           sub_group_broadcast(v, 1);\n"
        "}\n" +
        // The sub-group function in a loop of each work-item's: no vector of work-items there.
        Required +
        "kernel void inner(global const int *in, global int *out, int n) {\n"
        "  size_t g = get_global_id(0) + get_global_size(0) * get_global_id(1);\n"
        "  int v = in[g], acc = 0;\n"
        "  for (int i = 0; i < n; ++i) acc += sub_group_reduce_add(v + i);\n"
        "  out[g] = acc;\n"
        "}\n" +
        // Beside a function the copy does not take (a ballot): the exchange only.
        Required +
        "kernel void mixed(global const int *in, global int *out, int n) {\n"
        "  size_t g = get_global_id(0) + get_global_size(0) * get_global_id(1);\n"
        "  int v = in[g];\n"
        "  out[g] = sub_group_reduce_add(v) * 100 + sub_group_ballot_bit_count(sub_group_ballot(v "
        "> 0));\n"
        "}\n" +
        // Work-items that left before a uniform function (undefined by the spec, common in
        // programs): the exchange folds the ones that call it, as it did before the copies.
        Required +
        "kernel void early(global const int *in, global int *out, int n) {\n"
        "  size_t g = get_global_id(0) + get_global_size(0) * get_global_id(1);\n"
        "  out[g] = -1;\n"
        "  if (g % 16 >= 13) return;\n"
        "  out[g] = sub_group_reduce_max(in[g]);\n"
        "}\n" +
        // Forty regions, more than weft-kernel-entry inlines: the copy's work-item function stays
        // out of line with its calls scalar, and the copy must go (it had failed the build).
        "#define B(k) if (n > 0) { r = sub_group_reduce_add(r + k); t[l] = r; "
        "barrier(CLK_LOCAL_MEM_FENCE); }\n"
        "#define B10(k) B(k##0) B(k##1) B(k##2) B(k##3) B(k##4) B(k##5) B(k##6) B(k##7) B(k##8) "
        "B(k##9)\n" +
        Required +
        "kernel void many(global const int *in, global int *out, int n) {\n"
        "  local uint t[1024];\n"
        "  size_t g = get_global_id(0) + get_global_size(0) * get_global_id(1);\n"
        "  size_t l = get_local_linear_id();\n"
        "  uint r = in[g];\n"
        "  B10(1) B10(2) B10(3) B10(4)\n"
        "  out[g] = r + t[l];\n"
        "}\n";
    cl_program P = built(Source.c_str(), "-cl-std=CL3.0");
    const Range All[] = {
        {1, {8 * S, 1, 1}, {4 * S, 1, 1}},         // whole rows
        {1, {4 * S + 3, 1, 1}, {2 * S, 1, 1}},     // and a trailing work-group of 3
        {1, {100, 1, 1}, {37, 1, 1}},              // rows of partial sub-groups
        {2, {2 * S, 6, 1}, {S, 3, 1}},             // whole rows in 2D
        {2, {3 * S / 2, 4, 1}, {3 * S / 2, 2, 1}}, // sub-groups across rows
    };
    const int Calls = 3;
    for (const Range &R : All) {
      const size_t N = R.items();
      std::vector<int> In(N);
      for (size_t I = 0; I < N; ++I)
        In[I] = int(I * 7 % 23) - 11;
      for (const char *Name : {"lanes", "inner", "mixed", "early", "many"}) {
        ASSERT_EQ(subGroupSize(P, R, Name), std::min(S, R.Local[0] * R.Local[1]));
        cl_command_queue Q = queue();
        cl_mem InBuf = buffer(N * sizeof(int), CL_MEM_COPY_HOST_PTR, In.data());
        cl_mem OutBuf = buffer(N * sizeof(int));
        cl_kernel K = clCreateKernel(P, Name, nullptr);
        setArgs(K, InBuf, OutBuf, Calls);
        ASSERT_EQ(
            clEnqueueNDRangeKernel(Q, K, R.Dims, nullptr, R.Global, R.Local, 0, nullptr, nullptr),
            CL_SUCCESS);
        std::vector<int> Out = read<int>(Q, OutBuf, N);
        int Failures = 0;
        const std::string Kernel = Name;
        for (const std::vector<size_t> &G : subGroups(R, S)) {
          int Sum = 0, Max = INT_MIN, Positive = 0, Staying = INT_MIN;
          for (size_t Item : G) {
            Sum += In[Item];
            Positive += In[Item] > 0;
            if (Item % 16 < 13)
              Staying = std::max(Staying, In[Item]);
          }
          // many: each of the forty reductions adds the region's k (10 to 49) to every lane's r.
          uint32_t Many = 0;
          for (uint32_t K = 10; K < 50; ++K) {
            uint32_t Next = 0;
            for (size_t Item : G)
              Next += (K == 10 ? uint32_t(In[Item]) : Many) + K;
            Many = Next;
          }
          for (size_t L = 0; L < G.size(); ++L) {
            Max = std::max(Max, In[G[L]]);
            const int Want = Kernel == "lanes"
                                 ? Sum * 100000 + Max * 100 + In[G[G.size() > 1 ? 1 : L]]
                             : Kernel == "inner" ? Calls * Sum + int(G.size()) * (0 + 1 + 2)
                             : Kernel == "mixed" ? Sum * 100 + Positive
                             : Kernel == "early" ? (G[L] % 16 >= 13 ? -1 : Staying)
                                                 : int(2 * Many);
            if (Out[G[L]] != Want && Failures++ < 5)
              ADD_FAILURE() << Name << ", sub-groups of " << S << ", " << R.Dims << "D "
                            << R.Local[0] << " x " << R.Local[1] << ", work-item " << G[L] << ": "
                            << Out[G[L]] << ", want " << Want;
          }
        }
        clReleaseKernel(K);
        clReleaseMemObject(InBuf);
        clReleaseMemObject(OutBuf);
      }
    }
    clReleaseProgram(P);
  }
}

// The library's scans fold in lane order with `b < a ? b : a` (or >), so a NaN after the first lane
// never becomes the running value, and one in the first lane stays: the vector forms, which
// combine blocks of lanes, give the same (NaNs in every lane, the first, the last and none).
TEST_F(SubGroups, FloatScansOfNaNsFoldInLaneOrder) {
  const char *Source = "kernel void k(global const float *in, global float *out) {\n"
                       "  size_t g = get_global_id(0);\n"
                       "  out[2 * g] = sub_group_scan_inclusive_min(in[g]);\n"
                       "  out[2 * g + 1] = sub_group_scan_exclusive_max(in[g]);\n"
                       "}\n";
  cl_program P = built(Source, "-cl-std=CL3.0");
  const size_t N = 960;
  std::vector<float> In(N);
  for (size_t I = 0; I < N; ++I)
    In[I] = (I * 5 + I / 40) % 11 == 3 ? NAN : float(int(I * 7 % 13) - 6);
  for (size_t Local : {16, 32, 12, 20}) { // rows of whole sub-groups (for 8 and 16), and not
    const Range R{1, {N, 1, 1}, {Local, 1, 1}};
    const size_t S = subGroupSize(P, R, "k");
    cl_command_queue Q = queue();
    cl_mem InBuf = buffer(N * sizeof(float), CL_MEM_COPY_HOST_PTR, In.data());
    cl_mem OutBuf = buffer(2 * N * sizeof(float));
    cl_kernel K = clCreateKernel(P, "k", nullptr);
    setArgs(K, InBuf, OutBuf);
    ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, R.Global, R.Local, 0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<float> Out = read<float>(Q, OutBuf, 2 * N);
    auto same = [](float A, float B) { return A == B || (std::isnan(A) && std::isnan(B)); };
    int Failures = 0;
    for (const std::vector<size_t> &G : subGroups(R, S)) {
      float Min = In[G[0]], Max = -INFINITY;
      for (size_t L = 0; L < G.size(); ++L) {
        const float V = In[G[L]];
        if (L > 0)
          Min = V < Min ? V : Min;
        if (!same(Out[2 * G[L]], Min) && Failures++ < 5)
          ADD_FAILURE() << "inclusive min, local " << Local << ", work-item " << G[L] << ": "
                        << Out[2 * G[L]] << ", want " << Min;
        if (!same(Out[2 * G[L] + 1], Max) && Failures++ < 5)
          ADD_FAILURE() << "exclusive max, local " << Local << ", work-item " << G[L] << ": "
                        << Out[2 * G[L] + 1] << ", want " << Max;
        Max = L == 0 ? V : V > Max ? V : Max;
      }
    }
    clReleaseKernel(K);
    clReleaseMemObject(InBuf);
    clReleaseMemObject(OutBuf);
  }
  clReleaseProgram(P);
}

} // namespace
} // namespace weft::test
