"""The model client every agent talks to. Deployments set OPENAI_API_KEY and use
OpenAIChatCompletionClient; tests and the offline demo replay canned answers."""

from autogen_core.models import ModelInfo
from autogen_ext.models.replay import ReplayChatCompletionClient

model_client = ReplayChatCompletionClient(
    ["TERMINATE"],
    model_info=ModelInfo(
        vision=False,
        function_calling=True,
        json_output=True,
        family="unknown",
        structured_output=True,
    ),
)
