/**
 * The public payment page (p/{id}): a patient opens it from a payment request's link, without
 * signing in. Its content is a later issue's.
 */
import { useParams } from 'react-router-dom';
import { PageHeader } from './PageHeader.js';

export default function PublicPaymentPage() {
  const { id } = useParams();
  return (
    <PageHeader
      title="Payment"
      eyebrow={`Payment request ${id ?? ''}`.trim()}
      description="This is where a patient will see what their dental practice asks them to pay, and pay it by card, without signing in."
    />
  );
}
