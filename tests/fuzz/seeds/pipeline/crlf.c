struct q {
	int buf[4];
	unsigned int n;
};

void put(struct q *q, int v)
{
	q->buf[0] = v;
	smp_wmb();
	q->n = 1;
}

int get(struct q *q)
{
	unsigned int n = READ_ONCE(q->n);

	smp_rmb();
	return n ? q->buf[0] : 0;
}
