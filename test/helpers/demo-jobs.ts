// Every job of a demo (or any spec) service, over HTTP, page by page at per_page 20: what a test
// compares the screen with.
import { type Job, JobSchema } from "../../src/api/schema.js";

export async function allJobs(service: { url: string; token: string }): Promise<Job[]> {
  const jobs: Job[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${service.url}/v1/job/jobs?page=${page}&per_page=20&order=desc`, {
      headers: { authorization: `Bearer ${service.token}` },
    });
    const body = (await res.json()) as { job: unknown[]; pagination: { numPages: number } };
    for (const j of body.job) jobs.push(JobSchema.parse(j));
    if (page >= body.pagination.numPages) return jobs;
  }
}
