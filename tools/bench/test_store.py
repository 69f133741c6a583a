"""Unit tests of store: rows appended whole, a row cut short by an interrupted write cut off."""
import os
import tempfile
import unittest

from store import Store


class StoreTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.store = Store(self.dir.name)
        self.path = self.store.results_path("x")

    def tearDown(self):
        self.dir.cleanup()

    def read(self):
        with open(self.path) as f:
            return f.read()

    def test_points_are_appended_under_one_header(self):
        self.store.add("x", "a,b\n1,2\n", "")
        self.store.add("x", "a,b\n3,4\n5,6", "")
        self.assertEqual(self.read(), "a,b\n1,2\n3,4\n5,6\n")

    def test_a_row_cut_short_is_dropped_before_the_next_point(self):
        self.store.add("x", "a,b\n1,2\n", "")
        with open(self.path, "a") as f:
            f.write("3,")  # a write stopped part way
        self.store.add("x", "a,b\n5,6\n", "")
        self.assertEqual(self.read(), "a,b\n1,2\n5,6\n")

    def test_other_columns_are_refused(self):
        self.store.add("x", "a,b\n1,2\n", "")
        with self.assertRaises(ValueError):
            self.store.add("x", "a,c\n1,2\n", "")
        self.assertEqual(self.read(), "a,b\n1,2\n")

    def test_a_load_file_with_fewer_columns_is_widened_then_appended(self):
        path = self.store.load_path("x")
        self.store.add_load("x", "a,b\n1,2\n")
        self.store.add_load("x", "a,b,c\n3,4,5\n")  # a newer driver's extra column, on resume
        with open(path) as f:
            self.assertEqual(f.read(), "a,b,c\n1,2,\n3,4,5\n")

    def test_a_point_without_rows_writes_nothing(self):
        self.store.add("x", "a,b\n", "")
        self.assertFalse(os.path.exists(self.path))


if __name__ == "__main__":
    unittest.main()
