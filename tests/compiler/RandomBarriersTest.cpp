// Random kernels with barriers, against a host model. A generator writes kernels whose private
// values pass between work-items through local memory (a barrier on each side), under uniform ifs
// and loops (barriers inside; break, continue and return among them), divergent ifs and loops
// (none inside), with uniform values and a private array indexed at run time carried over
// barriers, and work-group collectives; the same statements run on the host, all work-items of a
// group in step. Every kernel runs with and without optimisation, over groups in one, two and
// three dimensions, partial ones among them. What it exercises: the barrier split, the slots
// values cross barriers in (shared and uniform ones), private memory, recomputation after
// barriers, and the regions' loop nests.
#include "compiler/CompilerFixture.h"

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <random>
#include <sstream>

namespace weft {
namespace {

using test::Execution;
using Status = compiler::CompileOutput::Status;

constexpr int Vars = 4;     // private uint v0..v3 per work-item
constexpr int Uniforms = 2; // uint u0, u1, the same in every work-item
constexpr int Takes = 16;   // the uniform inputs the kernel reads
constexpr int RowWidth = 16, MaxRows = 16; // l2: a stretch of 16 per row of the group

/// The state of one work-group on the host.
struct Group {
  std::vector<std::array<uint32_t, Vars>> V; // per work-item
  std::vector<std::array<uint32_t, Vars>> P; // the private array p, per work-item
  std::array<uint32_t, Uniforms> U{};
  const std::vector<uint32_t> *Take = nullptr;
  size_t SizeX = 1;                              // the group's size in x: a row's work-items
  std::array<uint32_t, RowWidth * MaxRows> L2{}; // the rows' stretches of local memory
  size_t size() const { return V.size(); }
};

/// Where a group goes after a statement: on, or out of the loop, the iteration, the kernel (all
/// work-items together: jumps are only generated where control flow is uniform).
enum class Flow { Next, Break, Continue, Return };

/// A statement: its OpenCL C, and what it does to a group (in step) or to one work-item.
struct Stmt {
  virtual ~Stmt() = default;
  virtual void print(std::ostream &Out) const = 0;
  virtual Flow runGroup(Group &G) const {
    for (size_t I = 0; I < G.size(); ++I)
      runItem(G, I);
    return Flow::Next;
  }
  /// Only statements without barriers, collectives or jumps run one work-item at a time.
  virtual void runItem(Group &G, size_t Item) const = 0;
};
using Block = std::vector<std::unique_ptr<Stmt>>;

Flow runBlock(const Block &B, Group &G) {
  for (const auto &S : B)
    if (Flow F = S->runGroup(G); F != Flow::Next)
      return F;
  return Flow::Next;
}

/// The kernel's results: each work-item's v0..v3 to out.
void printOutputs(std::ostream &Out) {
  for (int I = 0; I < Vars; ++I)
    Out << "out[" << Vars << " * g + " << I << "] = v" << I << ";\n";
}

void printBlock(std::ostream &Out, const Block &B) {
  Out << "{\n";
  for (const auto &S : B)
    S->print(Out);
  Out << "}\n";
}

uint32_t apply(char Op, uint32_t A, uint32_t B) {
  switch (Op) {
  case '+':
    return A + B;
  case '-':
    return A - B;
  case '*':
    return A * B;
  case '^':
    return A ^ B;
  default:
    return A | (B >> 3);
  }
}
std::string opText(char Op) { return Op == '|' ? " | (" : std::string(" ") + Op + " ("; }

/// v[D] = v[A] op (v[B] + C)
struct Arith : Stmt {
  int D, A, B;
  char Op;
  uint32_t C;
  Arith(int D, int A, int B, char Op, uint32_t C) : D(D), A(A), B(B), Op(Op), C(C) {}
  void print(std::ostream &Out) const override {
    Out << "v" << D << " = v" << A << opText(Op) << (Op == '|' ? "(" : "") << "v" << B << " + " << C
        << "u" << (Op == '|' ? ") >> 3" : "") << ");\n";
  }
  void runItem(Group &G, size_t I) const override {
    auto &V = G.V[I];
    V[D] = apply(Op, V[A], V[B] + C);
  }
};

/// v[D] += u[A] * C + lid, or u[D] = u[A] * C + take[T]: a uniform value from uniform ones.
struct Mix : Stmt {
  bool ToUniform;
  int D, A, T;
  uint32_t C;
  Mix(bool ToUniform, int D, int A, int T, uint32_t C)
      : ToUniform(ToUniform), D(D), A(A), T(T), C(C) {}
  void print(std::ostream &Out) const override {
    if (ToUniform)
      Out << "u" << D << " = u" << A << " * " << C << "u + take[" << T << "];\n";
    else
      Out << "v" << D << " += u" << A << " * " << C << "u + lid;\n";
  }
  Flow runGroup(Group &G) const override {
    if (!ToUniform)
      return Stmt::runGroup(G);
    G.U[D] = G.U[A] * C + (*G.Take)[T];
    return Flow::Next;
  }
  void runItem(Group &G, size_t I) const override { G.V[I][D] += G.U[A] * C + uint32_t(I); }
};

/// Through the private array: p[v[A] & 3] = v[B], or v[D] += p[(v[A] + K) & 3] (indices known
/// only at run time, so p stays in memory, and crosses barriers there).
struct Array : Stmt {
  bool Store;
  int D, A, B;
  uint32_t K;
  Array(bool Store, int D, int A, int B, uint32_t K) : Store(Store), D(D), A(A), B(B), K(K) {}
  void print(std::ostream &Out) const override {
    if (Store)
      Out << "p[v" << A << " & 3] = v" << B << ";\n";
    else
      Out << "v" << D << " += p[(v" << A << " + " << K << "u) & 3];\n";
  }
  void runItem(Group &G, size_t I) const override {
    auto &V = G.V[I];
    if (Store)
      G.P[I][V[A] & 3] = V[B];
    else
      V[D] += G.P[I][(V[A] + K) & 3];
  }
};

/// A neighbour's value through local memory: l[lid] = v[S]; barrier; v[D] ^= l[(lid + K) % size];
/// barrier.
struct Exchange : Stmt {
  int S, D;
  uint32_t K;
  Exchange(int S, int D, uint32_t K) : S(S), D(D), K(K) {}
  void print(std::ostream &Out) const override {
    Out << "l[lid] = v" << S << ";\nbarrier(CLK_LOCAL_MEM_FENCE);\nv" << D << " ^= l[(lid + " << K
        << "u) % size];\nbarrier(CLK_LOCAL_MEM_FENCE);\n";
  }
  Flow runGroup(Group &G) const override {
    std::vector<uint32_t> L(G.size());
    for (size_t I = 0; I < G.size(); ++I)
      L[I] = G.V[I][S];
    for (size_t I = 0; I < G.size(); ++I)
      G.V[I][D] ^= L[(I + K) % G.size()];
    return Flow::Next;
  }
  void runItem(Group &, size_t) const override { ADD_FAILURE() << "an exchange in divergent code"; }
};

/// A loop the work-items of a row share, over their stretch of l2 (the form weft-group-stride-loops
/// collapses into one loop work-item x == 0 runs), between barriers, then a read of it:
///   for (uint jN = get_local_id(0); jN < 16; jN += get_local_size(0))
///     l2[row * 16 + jN] = l2[row * 16 + jN] * 3 + jN + u[U];
///   v[D] += l2[row * 16 + (get_local_id(0) + K) % 16];
struct RowStride : Stmt {
  int N, U, D;
  uint32_t K;
  RowStride(int N, int U, int D, uint32_t K) : N(N), U(U), D(D), K(K) {}
  void print(std::ostream &Out) const override {
    const std::string J = "j" + std::to_string(N);
    Out << "barrier(CLK_LOCAL_MEM_FENCE);\nfor (uint " << J << " = get_local_id(0); " << J
        << " < 16; " << J << " += get_local_size(0))\nl2[row * 16 + " << J << "] = l2[row * 16 + "
        << J << "] * 3u + " << J << " + u" << U << ";\nbarrier(CLK_LOCAL_MEM_FENCE);\nv" << D
        << " += l2[row * 16 + (get_local_id(0) + " << K << "u) % 16];\n";
  }
  Flow runGroup(Group &G) const override {
    for (size_t Row = 0; Row < G.size() / G.SizeX; ++Row)
      for (uint32_t J = 0; J < RowWidth; ++J) {
        uint32_t &L = G.L2[Row * RowWidth + J];
        L = L * 3 + J + G.U[U];
      }
    for (size_t I = 0; I < G.size(); ++I)
      G.V[I][D] += G.L2[I / G.SizeX * RowWidth + (I % G.SizeX + K) % RowWidth];
    return Flow::Next;
  }
  void runItem(Group &, size_t) const override { ADD_FAILURE() << "a row loop in divergent code"; }
};

/// v[D] += work_group_reduce_add(v[S]), work_group_scan_inclusive_add(v[S]) or
/// work_group_broadcast(v[S], K % size).
struct Collective : Stmt {
  int Kind, S, D;
  uint32_t K;
  Collective(int Kind, int S, int D, uint32_t K) : Kind(Kind), S(S), D(D), K(K) {}
  void print(std::ostream &Out) const override {
    Out << "v" << D << " += ";
    if (Kind == 0)
      Out << "work_group_reduce_add(v" << S << ");\n";
    else if (Kind == 1)
      Out << "work_group_scan_inclusive_add(v" << S << ");\n";
    else
      Out << "work_group_broadcast(v" << S << ", (size_t)(" << K << "u % size));\n";
  }
  Flow runGroup(Group &G) const override {
    uint32_t Sum = 0;
    std::vector<uint32_t> Result(G.size());
    for (size_t I = 0; I < G.size(); ++I) {
      Sum += G.V[I][S];
      Result[I] = Sum;
    }
    const uint32_t Broadcast = G.V[K % G.size()][S];
    for (size_t I = 0; I < G.size(); ++I)
      G.V[I][D] += Kind == 0 ? Sum : Kind == 1 ? Result[I] : Broadcast;
    return Flow::Next;
  }
  void runItem(Group &, size_t) const override {
    ADD_FAILURE() << "a collective in divergent code";
  }
};

/// if (take[T] & 1) Then else Else: uniform, so barriers may be inside.
struct UniformIf : Stmt {
  int T;
  Block Then, Else;
  void print(std::ostream &Out) const override {
    Out << "if (take[" << T << "] & 1) ";
    printBlock(Out, Then);
    Out << "else ";
    printBlock(Out, Else);
  }
  Flow runGroup(Group &G) const override { return runBlock(((*G.Take)[T] & 1) ? Then : Else, G); }
  void runItem(Group &, size_t) const override {
    ADD_FAILURE() << "a uniform if in divergent code";
  }
};

/// for (uint iN = 0; iN < take[T] % 3 + 1; ++iN) { v[D] += iN; Body }, or with u[T % 2] for
/// take[T] (which the body may change): a uniform trip count.
struct UniformLoop : Stmt {
  int N, T, D;
  bool OverUniform;
  Block Body;
  void print(std::ostream &Out) const override {
    Out << "for (uint i" << N << " = 0; i" << N << " < ";
    if (OverUniform)
      Out << "u" << T % Uniforms;
    else
      Out << "take[" << T << "]";
    Out << " % 3 + 1; ++i" << N << ") {\nv" << D << " += i" << N << ";\n";
    for (const auto &S : Body)
      S->print(Out);
    Out << "}\n";
  }
  uint32_t bound(const Group &G) const {
    return (OverUniform ? G.U[T % Uniforms] : (*G.Take)[T]) % 3 + 1;
  }
  Flow runGroup(Group &G) const override {
    for (uint32_t It = 0; It < bound(G); ++It) {
      for (auto &V : G.V)
        V[D] += It;
      const Flow F = runBlock(Body, G);
      if (F == Flow::Break)
        break;
      if (F == Flow::Return)
        return F;
    }
    return Flow::Next;
  }
  void runItem(Group &, size_t) const override {
    ADD_FAILURE() << "a uniform loop in divergent code";
  }
};

/// if ((v[A] + lid) % 3 == 0) Body, or for (uint jN = 0; jN < (v[A] & 3); ++jN) { v[D] = v[D] * 3
/// + jN; Body }: divergent, no barrier inside.
struct Divergent : Stmt {
  bool Loop;
  int N, A, D;
  Block Body;
  void print(std::ostream &Out) const override {
    if (Loop)
      Out << "for (uint j" << N << " = 0; j" << N << " < (v" << A << " & 3); ++j" << N << ") {\nv"
          << D << " = v" << D << " * 3u + j" << N << ";\n";
    else
      Out << "if ((v" << A << " + lid) % 3 == 0) {\n";
    for (const auto &S : Body)
      S->print(Out);
    Out << "}\n";
  }
  void runItem(Group &G, size_t I) const override {
    if (!Loop) {
      if ((G.V[I][A] + uint32_t(I)) % 3 == 0)
        for (const auto &S : Body)
          S->runItem(G, I);
      return;
    }
    for (uint32_t J = 0; J < (G.V[I][A] & 3); ++J) {
      G.V[I][D] = G.V[I][D] * 3 + J;
      for (const auto &S : Body)
        S->runItem(G, I);
    }
  }
};

/// break, continue, or the results written and return.
struct Jump : Stmt {
  Flow Kind;
  explicit Jump(Flow Kind) : Kind(Kind) {}
  void print(std::ostream &Out) const override {
    if (Kind == Flow::Return)
      printOutputs(Out);
    Out << (Kind == Flow::Break      ? "break;\n"
            : Kind == Flow::Continue ? "continue;\n"
                                     : "return;\n");
  }
  Flow runGroup(Group &) const override { return Kind; }
  void runItem(Group &, size_t) const override { ADD_FAILURE() << "a jump in divergent code"; }
};

/// Writes a random kernel body.
class Generator {
public:
  explicit Generator(uint32_t Seed) : R(Seed) {}

  /// InLoop: within a uniform loop (where break and continue may go).
  Block block(int Depth, bool Uniform, int Count, bool InLoop = false) {
    Block B;
    for (int I = 0; I < Count; ++I)
      B.push_back(statement(Depth, Uniform, InLoop));
    return B;
  }

private:
  int pick(int N) { return int(R() % uint32_t(N)); }

  std::unique_ptr<Stmt> statement(int Depth, bool Uniform, bool InLoop) {
    const int Kind = pick(Depth > 2 ? 3 : 7);
    if (Kind == 0 || (!Uniform && Kind >= 3 && Kind != 6)) {
      if (pick(4) == 0)
        return std::make_unique<Array>(pick(2), pick(Vars), pick(Vars), pick(Vars), R() % 4);
      return std::make_unique<Arith>(pick(Vars), pick(Vars), pick(Vars), "+-*^|"[pick(5)],
                                     R() % 1000);
    }
    if (Kind == 1) // (a uniform value changes only where the group runs in step)
      return std::make_unique<Mix>(Uniform && pick(2), pick(Uniforms), pick(Uniforms), pick(Takes),
                                   R() % 100);
    if (Kind == 2 && Uniform && pick(4) == 0)
      return std::make_unique<RowStride>(Names++, pick(Uniforms), pick(Vars), R() % 40);
    if (Kind == 2)
      return Uniform && pick(3)
                 ? std::unique_ptr<Stmt>(
                       std::make_unique<Exchange>(pick(Vars), pick(Vars), R() % 70))
                 : std::make_unique<Arith>(pick(Vars), pick(Vars), pick(Vars), '+', R() % 9);
    if (Kind == 3)
      return std::make_unique<Collective>(pick(3), pick(Vars), pick(Vars), R() % 70);
    if (Kind == 4) {
      auto If = std::make_unique<UniformIf>();
      If->T = pick(Takes);
      If->Then = block(Depth + 1, true, 1 + pick(3), InLoop);
      If->Else = block(Depth + 1, true, pick(3), InLoop);
      // Now and then the branch ends with a jump: out of the loop, on to its next iteration, or
      // out of the kernel, with barriers still ahead that the group then skips.
      if (pick(4) == 0)
        If->Then.push_back(std::make_unique<Jump>(!InLoop || pick(3) == 0 ? Flow::Return
                                                  : pick(2)               ? Flow::Break
                                                                          : Flow::Continue));
      return If;
    }
    if (Kind == 5) {
      auto Loop = std::make_unique<UniformLoop>();
      Loop->N = Names++;
      Loop->T = pick(Takes);
      Loop->D = pick(Vars);
      Loop->OverUniform = pick(2);
      Loop->Body = block(Depth + 1, true, 1 + pick(3), true);
      if (pick(2)) { // if (take[T] & 1) break; (or continue;) somewhere in the body
        auto If = std::make_unique<UniformIf>();
        If->T = pick(Takes);
        If->Then.push_back(std::make_unique<Jump>(pick(2) ? Flow::Break : Flow::Continue));
        Loop->Body.insert(Loop->Body.begin() + pick(int(Loop->Body.size()) + 1), std::move(If));
      }
      return Loop;
    }
    auto D = std::make_unique<Divergent>();
    D->Loop = pick(2);
    D->N = Names++;
    D->A = pick(Vars);
    D->D = pick(Vars);
    D->Body = block(Depth + 1, false, 1 + pick(2));
    return D;
  }

  std::mt19937 R;
  int Names = 0;
};

std::string kernelSource(const std::string &Name, const Block &Body) {
  std::ostringstream Out;
  Out << "kernel void " << Name
      << "(global const uint *in, global uint *out, global const uint *take) {\n"
         "local uint l[64];\nuint lid = get_local_linear_id();\n"
         "uint size = get_local_size(0) * get_local_size(1) * get_local_size(2);\n"
         "size_t g = get_global_linear_id();\n"
         "uint row = get_local_id(1) + get_local_size(1) * get_local_id(2);\n"
         "local uint l2[256];\n"
         "for (uint j = get_local_id(0); j < 16; j += get_local_size(0))\n"
         "l2[row * 16 + j] = j + row;\n";
  for (int I = 0; I < Vars; ++I)
    Out << "uint v" << I << " = in[" << Vars << " * g + " << I << "];\n";
  Out << "uint p[" << Vars << "] = {";
  for (int I = 0; I < Vars; ++I)
    Out << (I ? ", v" : "v") << I;
  Out << "};\n";
  for (int I = 0; I < Uniforms; ++I)
    Out << "uint u" << I << " = take[" << I << "];\n";
  for (const auto &S : Body)
    S->print(Out);
  printOutputs(Out);
  Out << "}\n";
  return Out.str();
}

struct Shape {
  unsigned Dims;
  std::array<uint64_t, 3> Global, Local;
};
const Shape Shapes[] = {{1, {3, 1, 1}, {1, 1, 1}},   {1, {17, 1, 1}, {7, 1, 1}},
                        {1, {40, 1, 1}, {16, 1, 1}}, {1, {160, 1, 1}, {64, 1, 1}},
                        {2, {12, 5, 1}, {8, 2, 1}},  {3, {7, 4, 3}, {3, 3, 2}}};

/// Calls Visit with each work-group's global linear ids, in local linear id order, and its size
/// in x.
void forEachGroup(const std::array<uint64_t, 3> &Global, const std::array<uint64_t, 3> &Local,
                  const std::function<void(const std::vector<uint64_t> &, uint64_t)> &Visit) {
  for (uint64_t GZ = 0; GZ < Global[2]; GZ += Local[2])
    for (uint64_t GY = 0; GY < Global[1]; GY += Local[1])
      for (uint64_t GX = 0; GX < Global[0]; GX += Local[0]) {
        std::vector<uint64_t> Linear;
        for (uint64_t Z = GZ; Z < std::min(Global[2], GZ + Local[2]); ++Z)
          for (uint64_t Y = GY; Y < std::min(Global[1], GY + Local[1]); ++Y)
            for (uint64_t X = GX; X < std::min(Global[0], GX + Local[0]); ++X)
              Linear.push_back((Z * Global[1] + Y) * Global[0] + X);
        Visit(Linear, std::min(Global[0], GX + Local[0]) - GX);
      }
}

TEST_F(Execution, RandomBarrierKernelsMatchTheHostModel) {
  constexpr int Kernels = 24;
  // WEFT_TEST_SEED picks other kernels (for a longer search by hand); the default is fixed.
  const char *SeedText = std::getenv("WEFT_TEST_SEED");
  const uint32_t Seed = SeedText ? uint32_t(std::strtoul(SeedText, nullptr, 0)) : 0x5eed0000u;
  SCOPED_TRACE("seed " + std::to_string(Seed));
  std::vector<Block> Bodies;
  std::string Source;
  for (int K = 0; K < Kernels; ++K) {
    Generator Gen(Seed + uint32_t(K));
    Bodies.push_back(Gen.block(0, true, 6 + K % 7));
    Source += kernelSource("k" + std::to_string(K), Bodies.back());
  }
  std::mt19937 R(Seed);
  std::vector<uint32_t> Take(Takes);
  for (uint32_t &T : Take)
    T = R() % 1000;
  for (const char *Options : {"-cl-std=CL3.0", "-cl-std=CL3.0 -cl-opt-disable"}) {
    SCOPED_TRACE(Options);
    auto Out = build(Source, Options, {{}, {"__opencl_c_work_group_collective_functions"}});
    ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
    for (int K = 0; K < Kernels; ++K) {
      const std::string Name = "k" + std::to_string(K);
      // Groups of up to l's 64 work-items in one, two and three dimensions, partial ones where
      // the global size allows.
      for (const auto &[Dims, Global, Local] : Shapes) {
        const uint64_t Items = Global[0] * Global[1] * Global[2];
        std::vector<uint32_t> In(Vars * Items), Result(Vars * Items, 0xdeadbeef);
        for (uint32_t &V : In)
          V = R();
        launch(Out, Name.c_str(), {In.data(), Result.data()}, Take.data(), Dims, Global, Local);
        size_t Wrong = 0;
        forEachGroup(Global, Local, [&](const std::vector<uint64_t> &Linear, uint64_t SizeX) {
          Group G;
          G.Take = &Take;
          G.SizeX = SizeX;
          for (size_t Row = 0; Row < Linear.size() / SizeX; ++Row)
            for (uint32_t J = 0; J < RowWidth; ++J)
              G.L2[Row * RowWidth + J] = J + uint32_t(Row);
          for (uint64_t I : Linear)
            std::copy_n(&In[Vars * I], Vars, G.V.emplace_back().begin());
          G.P = G.V;
          std::copy_n(Take.begin(), Uniforms, G.U.begin());
          runBlock(Bodies[K], G);
          for (size_t I = 0; I < G.size(); ++I)
            for (int J = 0; J < Vars; ++J)
              Wrong += Result[Vars * Linear[I] + J] != G.V[I][J];
        });
        EXPECT_EQ(Wrong, 0u) << Name << " over " << Global[0] << "x" << Global[1] << "x"
                             << Global[2] << " in groups of " << Local[0] << "x" << Local[1] << "x"
                             << Local[2] << ":\n"
                             << kernelSource(Name, Bodies[K]);
      }
    }
  }
}

} // namespace
} // namespace weft
