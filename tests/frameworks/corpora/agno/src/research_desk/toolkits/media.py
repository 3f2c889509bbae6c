"""Tools that take what agno fills: the agent, the run context and the run's media."""

from typing import Any, Optional, Sequence

from agno.agent import Agent
from agno.media import Image
from agno.run import RunContext
from agno.tools import Toolkit


class MediaTools(Toolkit):
    def __init__(self, **kwargs: Any):
        super().__init__(
            name="media",
            tools=[self.describe_images, self.remember, self.caption_for, self.watermark],
            **kwargs,
        )

    def describe_images(
        self, prompt: str, images: Optional[Sequence[Image]] = None, detail: str = "low"
    ) -> str:
        """Describe the images the user attached.

        Args:
            prompt: What to look for in the images.
            detail: How detailed the description is.
        """
        return prompt

    def remember(self, run_context: RunContext, key: str, value: str) -> str:
        """Store a value in the session state.

        Args:
            key: The name to store it under.
            value: The value.
        """
        return key

    def caption_for(self, owner: Agent, title: str, max_words: int = 12) -> str:
        """Write a caption in the agent's voice.

        Args:
            title: The subject of the caption.
            max_words: At most this many words.
        """
        return title

    def watermark(self, photo: Image, text: str) -> str:
        """Stamp a text on a photo (agno hides a parameter typed with a media class itself).

        Args:
            text: The text to stamp.
        """
        return text
