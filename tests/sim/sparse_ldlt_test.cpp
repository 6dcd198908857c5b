// SparseLdlt (desbrun's and projective_dynamics' prefactored solve): its own
// triangular solves, every right-hand-side column in one pass over the factor, agree
// with Eigen's SimplicialLDLT solve to rounding, for the column counts the solvers use
// (3: x, y, z; 6: desbrun's pin response) and others.
#include "sim/solvers/sparse_ldlt.hpp"

#include <gtest/gtest.h>

#include <Eigen/SparseCholesky>
#include <random>
#include <tuple>
#include <vector>

namespace cs {
namespace {

// A cloth-like system matrix: mass on the diagonal plus stiff springs between grid
// neighbours up to two apart (desbrun's M - h^2 H has this pattern), n x n particles.
SparseMatrixD clothLikeMatrix(int n) {
    std::vector<Eigen::Triplet<double>> entries;
    const auto id = [n](int x, int y) { return y * n + x; };
    for (int i = 0; i < n * n; ++i) entries.emplace_back(i, i, 1e-3);
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x)
            for (const auto& [dx, dy, k] : {std::tuple{1, 0, 50.0}, {0, 1, 50.0}, {1, 1, 20.0}, {2, 0, 5.0}, {0, 2, 5.0}}) {
                if (x + dx >= n || y + dy >= n) continue;
                const int a = id(x, y), b = id(x + dx, y + dy);
                entries.emplace_back(a, a, k);
                entries.emplace_back(b, b, k);
                entries.emplace_back(a, b, -k);
                entries.emplace_back(b, a, -k);
            }
    SparseMatrixD matrix(n * n, n * n);
    matrix.setFromTriplets(entries.begin(), entries.end());
    return matrix;
}

TEST(SparseLdlt, SolvesEveryColumnAsEigenDoes) {
    const SparseMatrixD matrix = clothLikeMatrix(12);
    Eigen::SimplicialLDLT<SparseMatrixD> reference(matrix);
    ASSERT_EQ(reference.info(), Eigen::Success);
    SparseLdlt ldlt;
    ldlt.factor(matrix, false);
    std::mt19937 random(7);
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    for (const int columns : {1, 3, 6, 7, 20}) {
        Eigen::MatrixXd rhs(matrix.rows(), columns);
        for (Eigen::Index i = 0; i < rhs.size(); ++i) rhs.data()[i] = uniform(random);
        const Eigen::MatrixXd expected = reference.solve(rhs);
        Eigen::MatrixXd solution;
        ldlt.solve(rhs, solution);
        ASSERT_EQ(solution.rows(), rhs.rows());
        ASSERT_EQ(solution.cols(), columns);
        const double error = (solution - expected).norm() / expected.norm();
        EXPECT_LT(error, 1e-12) << columns << " columns";
        const double residual = (matrix * solution - rhs).norm() / rhs.norm();
        EXPECT_LT(residual, 1e-9) << columns << " columns";
    }
}

} // namespace
} // namespace cs
