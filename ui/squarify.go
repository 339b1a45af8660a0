package ui

// rect is a tile's place in the map's coordinates.
type rect struct{ X, Y, W, H float64 }

// squarify lays weights (largest first) out in r as the squarified treemap
// of Bruls, Huizing and van Wijk (2000) does: rows along the shorter side,
// each row grown while that brings its tiles' worst aspect ratio closer to
// one. It is short enough to write rather than take a dependency for.
func squarify(weights []float64, r rect) []rect {
	out := make([]rect, 0, len(weights))
	sum := 0.0
	for _, w := range weights {
		sum += w
	}
	if sum <= 0 {
		return out
	}
	scale := r.W * r.H / sum
	areas := make([]float64, len(weights))
	for i, w := range weights {
		areas[i] = w * scale
	}
	for i := 0; i < len(areas); {
		side := min(r.W, r.H)
		j := i + 1
		for j < len(areas) && worst(areas[i:j+1], side) <= worst(areas[i:j], side) {
			j++
		}
		var row []rect
		row, r = layRow(areas[i:j], r)
		out = append(out, row...)
		i = j
	}
	return out
}

// worst is the largest aspect ratio of a row of areas along side.
func worst(row []float64, side float64) float64 {
	sum, lo, hi := 0.0, row[0], row[0]
	for _, a := range row {
		sum += a
		lo, hi = min(lo, a), max(hi, a)
	}
	if sum == 0 || lo == 0 {
		return 1e300
	}
	s2, side2 := sum*sum, side*side
	return max(side2*hi/s2, s2/(side2*lo))
}

// layRow places a row of areas along the shorter side of r and returns
// the tiles and what is left of r.
func layRow(row []float64, r rect) ([]rect, rect) {
	sum := 0.0
	for _, a := range row {
		sum += a
	}
	out := make([]rect, 0, len(row))
	if r.W >= r.H { // a column at the left
		w := sum / r.H
		y := r.Y
		for _, a := range row {
			h := a / w
			out = append(out, rect{r.X, y, w, h})
			y += h
		}
		return out, rect{r.X + w, r.Y, r.W - w, r.H}
	}
	h := sum / r.W // a row at the top
	x := r.X
	for _, a := range row {
		w := a / h
		out = append(out, rect{x, r.Y, w, h})
		x += w
	}
	return out, rect{r.X, r.Y + h, r.W, r.H - h}
}
