# The preamble of the MPI tests (mpi_diff_test.sh, mpi_check_test.sh, mpi_tournament_test.sh),
# sourced with their arguments (CONQUIAN_BINARY HAVE_MPI [SOURCE_DIR]): sets $bin, $have_mpi
# and $src, skips the test (exit 77) without mpirun or without MPI in the build, lets OpenMPI
# run as root, as CI runs it, and makes a scratch folder $dir that is removed on exit.
bin=$1
have_mpi=$2
src=${3:-}
if ! command -v mpirun >/dev/null; then echo "mpirun not found: skipped"; exit 77; fi
if [ "$have_mpi" != 1 ]; then echo "built without MPI: skipped"; exit 77; fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
