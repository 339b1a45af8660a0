/* ring.c — a fixed-size ring buffer of bytes. */
#include <stdlib.h>
#include <string.h>

#define RING_MIN 16

/* ring_error says why an operation failed. */
enum ring_error {
	RING_OK,
	RING_FULL,
	RING_EMPTY,
};

/*
 * struct ring is a ring buffer: head chases tail around buf.
 */
struct ring {
	unsigned char *buf;
	size_t cap, head, tail;
	struct stats {
		size_t pushed, popped;
	} stats;
};

typedef struct ring ring_t;

typedef int (*ring_visit)(unsigned char b, void *arg);

static size_t next(const struct ring *r, size_t i)
{
	return (i + 1) % r->cap;
}

// ring_new allocates a ring of at least cap bytes.
struct ring *ring_new(size_t cap)
{
	struct ring *r = calloc(1, sizeof *r);
	if (cap < RING_MIN)
		cap = RING_MIN;
	r->buf = malloc(cap);
	r->cap = cap;
	return r;
}

enum ring_error ring_push(struct ring *r, unsigned char b)
{
	if (next(r, r->head) == r->tail)
		return RING_FULL;
	r->buf[r->head] = b;
	r->head = next(r, r->head);
	r->stats.pushed++;
	return RING_OK;
}

int ring_each(struct ring *r, ring_visit visit, void *arg);
