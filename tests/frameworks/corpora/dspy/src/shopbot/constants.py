"""Texts and limits the tools share."""

CURRENCY = "EUR"
PAGE_SIZE = 20
REFUND_DESC = "Refund an order, wholly or in part. Only for orders delivered in the last 30 days."
REFUND_ARGS = {
    "order_id": "The order to refund.",
    "amount": "How much to refund; the whole order when missing.",
}
