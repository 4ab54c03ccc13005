// Random kernels with barriers, against a host model. A generator writes kernels of private
// values passed between work-items through local memory (a barrier on each side), under uniform
// ifs and loops (barriers inside), divergent ifs and loops (none inside), uniform values carried
// over barriers, and work-group collectives; the same statements run on the host, all work-items
// of a group in step. Every kernel runs with and without optimisation, over groups of several
// sizes, a partial last group among them. What it exercises: the barrier split, the slots values
// cross barriers in (shared and uniform ones), recomputation after barriers, and the regions'
// loop nests.
#include "compiler/ExecutionFixture.h"

#include <cstdint>
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

/// The state of one work-group on the host.
struct Group {
  std::vector<std::array<uint32_t, Vars>> V; // per work-item
  std::array<uint32_t, Uniforms> U{};
  const std::vector<uint32_t> *Take = nullptr;
  size_t size() const { return V.size(); }
};

/// A statement: its OpenCL C, and what it does to a group (Uniform: in step) or to one work-item.
struct Stmt {
  virtual ~Stmt() = default;
  virtual void print(std::ostream &Out) const = 0;
  virtual void runGroup(Group &G) const {
    for (size_t I = 0; I < G.size(); ++I)
      runItem(G, I);
  }
  /// Only statements without barriers or collectives run one work-item at a time.
  virtual void runItem(Group &G, size_t Item) const = 0;
};
using Block = std::vector<std::unique_ptr<Stmt>>;

void printBlock(std::ostream &Out, const Block &B) {
  Out << "{\n";
  for (const auto &S : B)
    S->print(Out);
  Out << "}\n";
}

uint32_t apply(char Op, uint32_t A, uint32_t B) {
  switch (Op) {
  case '+': return A + B;
  case '-': return A - B;
  case '*': return A * B;
  case '^': return A ^ B;
  default: return A | (B >> 3);
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
  Mix(bool ToUniform, int D, int A, int T, uint32_t C) : ToUniform(ToUniform), D(D), A(A), T(T), C(C) {}
  void print(std::ostream &Out) const override {
    if (ToUniform)
      Out << "u" << D << " = u" << A << " * " << C << "u + take[" << T << "];\n";
    else
      Out << "v" << D << " += u" << A << " * " << C << "u + lid;\n";
  }
  void runGroup(Group &G) const override {
    if (ToUniform)
      G.U[D] = G.U[A] * C + (*G.Take)[T];
    else
      Stmt::runGroup(G);
  }
  void runItem(Group &G, size_t I) const override {
    if (ToUniform)
      G.U[D] = G.U[A] * C + (*G.Take)[T];
    else
      G.V[I][D] += G.U[A] * C + uint32_t(I);
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
  void runGroup(Group &G) const override {
    std::vector<uint32_t> L(G.size());
    for (size_t I = 0; I < G.size(); ++I)
      L[I] = G.V[I][S];
    for (size_t I = 0; I < G.size(); ++I)
      G.V[I][D] ^= L[(I + K) % G.size()];
  }
  void runItem(Group &, size_t) const override { ADD_FAILURE() << "an exchange in divergent code"; }
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
  void runGroup(Group &G) const override {
    uint32_t Sum = 0;
    std::vector<uint32_t> Result(G.size());
    for (size_t I = 0; I < G.size(); ++I) {
      Sum += G.V[I][S];
      Result[I] = Sum;
    }
    const uint32_t Broadcast = G.V[K % G.size()][S];
    for (size_t I = 0; I < G.size(); ++I)
      G.V[I][D] += Kind == 0 ? Sum : Kind == 1 ? Result[I] : Broadcast;
  }
  void runItem(Group &, size_t) const override { ADD_FAILURE() << "a collective in divergent code"; }
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
  void runGroup(Group &G) const override {
    for (const auto &S : ((*G.Take)[T] & 1) ? Then : Else)
      S->runGroup(G);
  }
  void runItem(Group &G, size_t I) const override {
    for (const auto &S : ((*G.Take)[T] & 1) ? Then : Else)
      S->runItem(G, I);
  }
};

/// for (uint iN = 0; iN < take[T] % 3 + 1; ++iN) { v[D] += iN; Body }: uniform trip count.
struct UniformLoop : Stmt {
  int N, T, D;
  Block Body;
  void print(std::ostream &Out) const override {
    Out << "for (uint i" << N << " = 0; i" << N << " < take[" << T << "] % 3 + 1; ++i" << N << ") {\nv"
        << D << " += i" << N << ";\n";
    for (const auto &S : Body)
      S->print(Out);
    Out << "}\n";
  }
  void runGroup(Group &G) const override {
    for (uint32_t It = 0; It < (*G.Take)[T] % 3 + 1; ++It) {
      for (auto &V : G.V)
        V[D] += It;
      for (const auto &S : Body)
        S->runGroup(G);
    }
  }
  void runItem(Group &G, size_t I) const override {
    for (uint32_t It = 0; It < (*G.Take)[T] % 3 + 1; ++It) {
      G.V[I][D] += It;
      for (const auto &S : Body)
        S->runItem(G, I);
    }
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
      Out << "for (uint j" << N << " = 0; j" << N << " < (v" << A << " & 3); ++j" << N << ") {\nv" << D
          << " = v" << D << " * 3u + j" << N << ";\n";
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

/// Writes a random kernel body.
class Generator {
public:
  explicit Generator(uint32_t Seed) : R(Seed) {}

  Block block(int Depth, bool Uniform, int Count) {
    Block B;
    for (int I = 0; I < Count; ++I)
      B.push_back(statement(Depth, Uniform));
    return B;
  }

private:
  int pick(int N) { return int(R() % uint32_t(N)); }

  std::unique_ptr<Stmt> statement(int Depth, bool Uniform) {
    const int Kind = pick(Depth > 2 ? 3 : 7);
    if (Kind == 0 || (!Uniform && Kind >= 3 && Kind != 6))
      return std::make_unique<Arith>(pick(Vars), pick(Vars), pick(Vars), "+-*^|"[pick(5)], R() % 1000);
    if (Kind == 1)
      return std::make_unique<Mix>(Uniform && pick(2), pick(Uniforms), pick(Uniforms), pick(Takes), R() % 100);
    if (Kind == 2)
      return Uniform && pick(3) ? std::unique_ptr<Stmt>(std::make_unique<Exchange>(pick(Vars), pick(Vars), R() % 70))
                                : std::make_unique<Arith>(pick(Vars), pick(Vars), pick(Vars), '+', R() % 9);
    if (Kind == 3)
      return std::make_unique<Collective>(pick(3), pick(Vars), pick(Vars), R() % 70);
    if (Kind == 4) {
      auto If = std::make_unique<UniformIf>();
      If->T = pick(Takes);
      If->Then = block(Depth + 1, true, 1 + pick(3));
      If->Else = block(Depth + 1, true, pick(3));
      return If;
    }
    if (Kind == 5) {
      auto Loop = std::make_unique<UniformLoop>();
      Loop->N = Names++;
      Loop->T = pick(Takes);
      Loop->D = pick(Vars);
      Loop->Body = block(Depth + 1, true, 1 + pick(3));
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
         "local uint l[64];\nuint lid = get_local_id(0), size = get_local_size(0);\n"
         "size_t g = get_global_id(0);\n";
  for (int I = 0; I < Vars; ++I)
    Out << "uint v" << I << " = in[" << Vars << " * g + " << I << "];\n";
  for (int I = 0; I < Uniforms; ++I)
    Out << "uint u" << I << " = take[" << I << "];\n";
  for (const auto &S : Body)
    S->print(Out);
  for (int I = 0; I < Vars; ++I)
    Out << "out[" << Vars << " * g + " << I << "] = v" << I << ";\n";
  Out << "}\n";
  return Out.str();
}

TEST_F(Execution, RandomBarrierKernelsMatchTheHostModel) {
  constexpr int Kernels = 24;
  std::vector<Block> Bodies;
  std::string Source;
  for (int K = 0; K < Kernels; ++K) {
    Generator Gen(0x5eed0000u + uint32_t(K));
    Bodies.push_back(Gen.block(0, true, 6 + K % 7));
    Source += kernelSource("k" + std::to_string(K), Bodies.back());
  }
  std::mt19937 R(7);
  std::vector<uint32_t> Take(Takes);
  for (uint32_t &T : Take)
    T = R() % 1000;
  for (const char *Options : {"-cl-std=CL3.0", "-cl-std=CL3.0 -cl-opt-disable"}) {
    SCOPED_TRACE(Options);
    auto Out = build(Source, Options, {{}, {"__opencl_c_work_group_collective_functions"}});
    ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
    for (int K = 0; K < Kernels; ++K) {
      const std::string Name = "k" + std::to_string(K);
      // Group sizes up to l's 64; the last group partial where the global size allows.
      for (uint64_t Size : {1u, 7u, 16u, 64u}) {
        const uint64_t Global = Size == 1 ? 3 : 2 * Size + Size / 2;
        std::vector<uint32_t> In(Vars * Global), Result(Vars * Global, 0xdeadbeef);
        for (uint32_t &V : In)
          V = R();
        launch(Out, Name.c_str(), {In.data(), Result.data()}, Take.data(), 1, {Global, 1, 1}, {Size, 1, 1});
        size_t Wrong = 0;
        for (uint64_t First = 0; First < Global; First += Size) {
          Group G;
          G.Take = &Take;
          for (uint64_t I = First; I < std::min(Global, First + Size); ++I) {
            auto &V = G.V.emplace_back();
            std::copy_n(&In[Vars * I], Vars, V.begin());
          }
          std::copy_n(Take.begin(), Uniforms, G.U.begin());
          for (const auto &S : Bodies[K])
            S->runGroup(G);
          for (size_t I = 0; I < G.size(); ++I)
            for (int J = 0; J < Vars; ++J)
              Wrong += Result[Vars * (First + I) + J] != G.V[I][J];
        }
        EXPECT_EQ(Wrong, 0u) << Name << " in groups of " << Size << ":\n"
                             << kernelSource(Name, Bodies[K]);
      }
    }
  }
}

} // namespace
} // namespace weft
