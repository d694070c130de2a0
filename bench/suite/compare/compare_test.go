//go:build linux

package main

import (
	"math"
	"slices"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	tests := []struct {
		name string
		in   []float64
		want float64
	}{
		{"one", []float64{3}, 3},
		{"odd, unsorted", []float64{5, 1, 3}, 3},
		{"even: the mean of the middle two", []float64{4, 1, 3, 2}, 2.5},
		{"repeated values", []float64{2, 2, 9, 2}, 2},
		{"an outlier does not move it", []float64{1, 2, 1000}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := slices.Clone(tt.in)
			if got := median(in); got != tt.want {
				t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
			}
			if !slices.Equal(in, tt.in) {
				t.Errorf("median reordered its argument: %v, was %v", in, tt.in)
			}
		})
	}
	if got := median(nil); !math.IsNaN(got) {
		t.Errorf("median(nil) = %v, want NaN", got)
	}
}

func TestRatios(t *testing.T) {
	got := ratios([]float64{2, 9, 1}, []float64{1, 3, 4})
	if want := []float64{2, 3, 0.25}; !slices.Equal(got, want) {
		t.Errorf("ratios = %v, want %v", got, want)
	}
	// the median of the pairs' ratios is not the ratio of the medians
	a, b := []float64{1, 4, 9}, []float64{1, 1, 3}
	if r, m := median(ratios(a, b)), median(a)/median(b); r != 3 || m != 4 {
		t.Errorf("median of ratios %v and ratio of medians %v, want 3 and 4", r, m)
	}
	defer func() {
		if recover() == nil {
			t.Error("ratios of unpaired samples did not panic")
		}
	}()
	ratios([]float64{1, 2}, []float64{1})
}

func TestTable(t *testing.T) {
	got := table([][]string{
		{"", "min", "a long header"},
		{"wall ms", "1.0", "22.5"},
		{"x", "100.25", ""},
	})
	want := "" +
		"            min  a long header\n" +
		"wall ms     1.0           22.5\n" +
		"x        100.25\n"
	if got != want {
		t.Errorf("table:\n%s\nwant:\n%s", got, want)
	}
}

func TestReport(t *testing.T) {
	ms := time.Millisecond
	as := []sample{
		{wall: 300 * ms, cpu: 600 * ms, peakKiB: 40 * 1024},
		{wall: 100 * ms, cpu: 200 * ms, peakKiB: 30 * 1024},
		{wall: 200 * ms, cpu: 400 * ms, peakKiB: 35 * 1024},
	}
	bs := []sample{
		{wall: 100 * ms, cpu: 100 * ms, peakKiB: 10 * 1024},
		{wall: 100 * ms, cpu: 150 * ms, peakKiB: 10 * 1024},
		{wall: 50 * ms, cpu: 100 * ms, peakKiB: 10 * 1024 / 2},
	}
	// wall: A 100/200/300, B 50/100/100; pairs 3, 1, 4 → median 3
	// cpu: A 200/400/600, B 100/100/150; pairs 6, 1.33, 4 → median 4
	// peak: A 30/35/40 MiB, B 5/10/10; pairs 4, 3, 7 → median 4
	want := "" +
		"               min  median    max  A/B medians  A/B pairs\n" +
		"wall ms   A  100.0   200.0  300.0         2.00       3.00\n" +
		"          B   50.0   100.0  100.0\n" +
		"cpu ms    A  200.0   400.0  600.0         4.00       4.00\n" +
		"          B  100.0   100.0  150.0\n" +
		"peak MiB  A   30.0    35.0   40.0         3.50       4.00\n" +
		"          B    5.0    10.0   10.0\n"
	if got := report(as, bs); got != want {
		t.Errorf("report:\n%s\nwant:\n%s", got, want)
	}
}
